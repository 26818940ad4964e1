// Cancelling a paid order gives its money back, which staff without the "refunds" permission may
// not do (docs/permissions.md): the server refuses it (server/modules/orders/payment.ts,
// refundsAllowed), so the status controls do not offer it to them. Read from the payment the order
// answers with, as the server judges it: a card captured and not given back in full, cash paid.
import type { Order } from '../../../domain/types';

/** An order's id, and whether cancelling it gives money back (cancelRefunds). */
export interface RefundFact {
  id: number;
  refunds: boolean;
}

/** Whether cancelling `order` would give money back. */
export function cancelRefunds({ status, payment }: Pick<Order, 'status' | 'payment'>): boolean {
  if (!payment || status === 'cancelled') return false;
  if (payment.method === 'card') return payment.status === 'paid' || payment.status === 'partially_refunded';
  return payment.status === 'paid';
}

/** Order numbers named in a refusal; the rest are counted. */
const NAMED = 5;

/** Why the paid orders `ids` may not be cancelled without the "refunds" permission. */
export function paidRefusal(ids: readonly number[]): string {
  const named = ids.slice(0, NAMED).map((id) => `#${id}`);
  if (ids.length > NAMED) named.push(`${ids.length - NAMED} more`);
  const list = named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
  return ids.length === 1
    ? `Order ${list} is paid: cancelling it gives the money back, which needs the "refunds" permission.`
    : `Orders ${list} are paid: cancelling them gives the money back, which needs the "refunds" permission.`;
}
