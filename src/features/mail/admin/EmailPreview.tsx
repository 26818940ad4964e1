import { useEffect, useRef, useState } from 'react';
import { useAppAlert } from '../../../components/Alerts';
import { Button } from '../../../components/controls';
import type { EmailMessage } from '../../../domain/mail';
import { utcDateTime } from '../../../lib/utcTime';
import { resendEmail } from './emailsAPI';
import MailStatusBadge from './MailStatusBadge';

interface EmailPreviewProps {
  email: EmailMessage;
  /** After "Send again" queued a copy: the list shows it. */
  onResent: (copy: EmailMessage) => void;
}

/**
 * The selected message: its delivery state, the HTML part in a sandboxed frame (no scripts, no
 * forms, no navigation of the page: the mail's HTML is never trusted), the plain-text part, and
 * "Send again" (a copy goes in the outbox as a new message).
 */
export default function EmailPreview({ email, onResent }: EmailPreviewProps) {
  const alert = useAppAlert();
  const [sending, setSending] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // A newly chosen message: move there, so keyboard and screen reader users land on it.
  useEffect(() => {
    heading.current?.focus();
  }, [email.id]);

  const sendAgain = async () => {
    setSending(true);
    try {
      const copy = await resendEmail(email.id);
      alert.success(`A copy of “${email.subject}” is on its way to ${email.to}.`);
      onResent(copy);
    } catch (error) {
      alert.error(error instanceof Error ? error.message : 'The message could not be sent again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <section aria-labelledby="email-preview-title" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm text-gray-700">Message #{email.id}</p>
          <h2 id="email-preview-title" ref={heading} tabIndex={-1} className="text-lg font-semibold break-words text-gray-900 focus:outline-none">
            {email.subject}
          </h2>
        </div>
        {/* Busy, not disabled, while it sends: a disabled button drops the keyboard focus. */}
        <Button onClick={() => void sendAgain()} busy={sending}>
          {sending ? 'Sending…' : 'Send again'}
        </Button>
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-gray-900">To</dt>
        <dd className="mb-1 break-words text-gray-800 sm:mb-0">{email.to}</dd>
        <dt className="font-medium text-gray-900">Status</dt>
        <dd className="mb-1 sm:mb-0">
          <MailStatusBadge status={email.status} />{' '}
          {email.status !== 'held' && <span className="text-gray-800">after {email.attempts === 1 ? '1 attempt' : `${email.attempts} attempts`}</span>}
        </dd>
        <dt className="font-medium text-gray-900">Created</dt>
        <dd className="mb-1 text-gray-800 sm:mb-0">
          <time dateTime={email.createdAt}>{utcDateTime(email.createdAt)}</time>
        </dd>
        <dt className="font-medium text-gray-900">Sent</dt>
        <dd className="mb-1 text-gray-800 sm:mb-0">
          {email.sentAt ? <time dateTime={email.sentAt}>{utcDateTime(email.sentAt)}</time> : 'Not yet'}
        </dd>
        {email.lastError && (
          <>
            <dt className="font-medium text-gray-900">Last error</dt>
            <dd className="mb-1 break-words text-red-800 sm:mb-0">{email.lastError}</dd>
          </>
        )}
      </dl>

      {email.html !== undefined && (
        <>
          <h3 className="mt-6 text-sm font-semibold text-gray-900">As HTML</h3>
          <iframe
            sandbox=""
            srcDoc={email.html}
            title={`HTML of “${email.subject}”`}
            className="mt-2 h-96 w-full rounded-md bg-white ring-1 ring-gray-300"
          />
        </>
      )}
      <h3 className="mt-6 text-sm font-semibold text-gray-900">As plain text</h3>
      <pre
        role="region"
        tabIndex={0}
        aria-label={`Plain text of “${email.subject}”`}
        className="mt-2 max-h-96 overflow-auto rounded-md bg-gray-50 p-3 font-mono text-sm break-words whitespace-pre-wrap text-gray-900 ring-1 ring-gray-300 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {email.text}
      </pre>
    </section>
  );
}
