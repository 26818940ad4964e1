// The quiet reminder a signed-in shopper sees until their address is confirmed: one
// line under the navbar with "Send again". Shopping is not held back by it. Lazy: a verified
// shopper never downloads it (RootLayout).
import { EnvelopeIcon } from '@heroicons/react/20/solid';
import { Button } from '../../../components/controls';
import { useMailHeld } from '../../../lib/mailStatus';
import { useResendVerification } from '../useResendVerification';

export default function VerifyReminder({ email }: { email: string }) {
  const [state, send] = useResendVerification();
  // Without a mail server the link is written to the shop's outbox, not sent: say so.
  const held = useMailHeld();
  return (
    <section aria-label="Confirm your email address" className="border-b border-amber-200 bg-amber-50">
      {/* One short line on a phone, so the page's own first screen keeps its place. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-1 text-sm text-amber-950 sm:px-6 sm:py-2 lg:px-8">
        <EnvelopeIcon aria-hidden="true" className="hidden size-5 shrink-0 text-amber-700 sm:block" />
        <p className="min-w-0 flex-1">
          <span className="sm:hidden">Please confirm your email address.</span>
          <span className="hidden sm:inline">
            Please confirm your email address: {held ? 'the link for ' : 'open the link we sent to '}
            <span className="font-medium">{email}</span>
            {held ? " is in the shop's outbox until a mail server is set." : '.'}
          </span>
        </p>
        {state.phase !== 'sent' && (
          <Button look="secondary" size="sm" className="max-sm:py-1" onClick={send} disabled={state.phase === 'sending'}>
            {state.phase === 'sending' ? 'Sending…' : 'Send again'}
          </Button>
        )}
        <p aria-live="polite" className={`w-full empty:hidden sm:w-auto ${state.phase === 'failed' ? 'font-medium text-red-800' : ''}`}>
          {state.phase === 'sent' || state.phase === 'failed' ? state.message : ''}
        </p>
      </div>
    </section>
  );
}
