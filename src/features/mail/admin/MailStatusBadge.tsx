import type { MailStatus } from '../../../domain/mail';

// Dark text on a light tint: each pair passes WCAG AA contrast.
const LOOKS: Record<MailStatus, { label: string; className: string }> = {
  pending: { label: 'Not sent yet', className: 'bg-yellow-100 text-yellow-800' },
  sent: { label: 'Sent', className: 'bg-green-100 text-green-800' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-800' },
  held: { label: 'Held: no mail server', className: 'bg-gray-100 text-gray-800' },
};

/** A message's delivery state in words: not sent yet (pending), sent, failed (given up), held (not sent: no mail server is configured). */
export default function MailStatusBadge({ status }: { status: MailStatus }) {
  const look = LOOKS[status] ?? { label: status, className: 'bg-gray-100 text-gray-800' };
  return <span className={`inline-flex rounded-full px-3 py-1 text-xs font-medium whitespace-nowrap ${look.className}`}>{look.label}</span>;
}
