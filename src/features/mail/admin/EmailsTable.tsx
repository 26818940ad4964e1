import type { EmailMessage } from '../../../domain/mail';
import MailStatusBadge from './MailStatusBadge';
import { utcDateTime } from '../../../lib/utcTime';

const th = 'px-4 py-3';
const td = 'px-4 py-3 whitespace-nowrap';

function Time({ at }: { at?: string }) {
  if (!at) return <span className="text-gray-600">—</span>;
  return <time dateTime={at}>{utcDateTime(at)}</time>;
}

interface EmailsTableProps {
  emails: EmailMessage[];
  selected?: number;
  onSelect: (email: EmailMessage) => void;
}

/** To, subject (a button that previews the message), status, attempts, created, sent. */
export default function EmailsTable({ emails, selected, onSelect }: EmailsTableProps) {
  return (
    <table className="min-w-full divide-y divide-gray-300 text-left text-sm">
      <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-700 uppercase">
        <tr>
          <th scope="col" className={th}>
            To
          </th>
          <th scope="col" className={th}>
            Subject
          </th>
          <th scope="col" className={th}>
            Status
          </th>
          <th scope="col" className={`${th} text-right`}>
            Attempts
          </th>
          <th scope="col" className={th}>
            Created
          </th>
          <th scope="col" className={th}>
            Sent
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-200 bg-white">
        {emails.map((email) => (
          <tr key={email.id} className={email.id === selected ? 'bg-brand-50' : undefined}>
            <td className={td}>{email.to}</td>
            <th scope="row" className={`${th} min-w-48 font-medium`}>
              <button
                type="button"
                aria-pressed={email.id === selected}
                onClick={() => onSelect(email)}
                className="rounded text-left font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {email.subject} <span className="sr-only">(preview)</span>
              </button>
            </th>
            <td className={td}>
              <MailStatusBadge status={email.status} />
            </td>
            <td className={`${td} text-right tabular-nums`}>{email.attempts}</td>
            <td className={td}>
              <Time at={email.createdAt} />
            </td>
            <td className={td}>
              <Time at={email.sentAt} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
