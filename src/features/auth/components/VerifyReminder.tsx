// The quiet reminder a signed-in shopper sees until their address is confirmed (issue 24): one
// line under the navbar with "Send again". Shopping is not held back by it. Lazy: a verified
// shopper never downloads it (RootLayout).
import { EnvelopeIcon } from '@heroicons/react/20/solid';
import { Button } from '../../../components/controls';
import { useResendVerification } from '../useResendVerification';

export default function VerifyReminder({ email }: { email: string }) {
  const [state, send] = useResendVerification();
  return (
    <section aria-label="Confirm your email address" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm text-amber-950 sm:px-6 lg:px-8">
        <EnvelopeIcon aria-hidden="true" className="size-5 shrink-0 text-amber-700" />
        <p className="flex-1">
          Please confirm your email address: open the link we sent to <span className="font-medium">{email}</span>.
        </p>
        {state.phase !== 'sent' && (
          <Button look="secondary" size="sm" onClick={send} disabled={state.phase === 'sending'}>
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
