// How the back office writes an order's date and item count (its payment: src/domain/orderText.ts).
import type { Order } from '../../../domain/types';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dayAndTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** The day an order was placed (UTC, as the date filter counts days); '—' for an order without a date. */
export function orderDate(order: Pick<Order, 'createdAt'>): string {
  return order.createdAt ? day.format(new Date(order.createdAt)) : '—';
}

export function orderDateTime(at: string): string {
  return `${dayAndTime.format(new Date(at))} UTC`;
}

export const itemsLabel = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;
