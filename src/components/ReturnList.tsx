import type { ReactNode } from 'react';
import { RETURN_STATUS_LABELS, type OrderReturn, type ReturnStatus } from '../domain/returns';
import type { Order } from '../domain/types';
import { refundText, returnLineText } from '../domain/returnText';
import { utcDay } from '../lib/utcTime';


// Dark text on a light tint (WCAG AA), as the order's status badge.
const COLOURS: Record<ReturnStatus, string> = {
  requested: 'bg-purple-100 text-purple-800',
  approved: 'bg-blue-100 text-blue-800',
  rejected: 'bg-red-100 text-red-800',
  received: 'bg-yellow-100 text-yellow-800',
  refunded: 'bg-green-100 text-green-800',
};

/**
 * The UTC day a return was asked for, the day its window is judged by: in the back office as its
 * every date (UTC), for the shopper said so, beside 'Returnable until Jul 1, 2026 (UTC)'.
 */
const askedDay = (at: string, reader: ReturnListProps['reader']) => (reader === 'admin' ? utcDay(at) : `${utcDay(at)} (UTC)`);

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <span className={`inline-flex rounded-full px-3 py-1 text-xs font-medium ${COLOURS[status] ?? 'bg-gray-100 text-gray-800'}`}>
      {RETURN_STATUS_LABELS[status] ?? status}
    </span>
  );
}

interface ReturnListProps {
  order: Order;
  reader: 'shopper' | 'admin';
  /** What can be done with a return now (the back office's buttons). */
  actions?: (ret: OrderReturn) => ReactNode;
  /** Heading level of each return's title. */
  level?: 'h3' | 'h4';
}

/** An order's returns, oldest first: each with its lines, reason, status, refund and (for the back office) its next steps. */
export default function ReturnList({ order, reader, actions, level: Title = 'h3' }: ReturnListProps) {
  const returns = order.returns ?? [];
  return (
    <ul aria-label="Returns of this order" className="mt-3 space-y-4">
      {returns.map((ret) => {
        const refund = refundText(ret, reader);
        const headingId = `return-${ret.id}-title`;
        return (
          <li key={ret.id} aria-labelledby={headingId} className="rounded-md border border-gray-200 p-3 text-sm sm:p-4">
            <div className="flex flex-wrap items-center gap-2">
              {/* Focusable by script where it has steps: the back office's focus once its last step is taken. */}
              <Title id={headingId} tabIndex={actions ? -1 : undefined} className="font-semibold text-gray-900 focus:outline-none">
                Return #{ret.id}
              </Title>
              <ReturnStatusBadge status={ret.status} />
              {ret.createdAt && (
                <span className="text-gray-700">
                  asked <time dateTime={ret.createdAt}>{askedDay(ret.createdAt, reader)}</time>
                </span>
              )}
            </div>
            <ul aria-label={`Items of return #${ret.id}`} className="mt-2 list-disc pl-5 text-gray-900">
              {ret.items.map((line) => (
                <li key={line.line}>{returnLineText(order, line)}</li>
              ))}
            </ul>
            <p className="mt-2 break-words whitespace-pre-line text-gray-700">
              <span className="font-medium text-gray-900">Reason: </span>
              {ret.reason}
            </p>
            {refund && <p className="mt-2 font-medium text-gray-900">{refund}</p>}
            {actions?.(ret)}
          </li>
        );
      })}
    </ul>
  );
}
