// How the back office writes an order's date and item count (its payment: src/domain/orderText.ts).
import type { Order } from '../../../domain/types';
import { utcDateTime, utcDay } from '../../../lib/utcTime';


/** The day an order was placed (UTC, as the date filter counts days); '—' for an order without a date. */
export function orderDate(order: Pick<Order, 'createdAt'>): string {
  return order.createdAt ? utcDay(order.createdAt) : '—';
}

export const orderDateTime = (at: string): string => utcDateTime(at);

export const itemsLabel = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;
