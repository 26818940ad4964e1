// Bulk order status: every order of a filter (its id, and whether cancelling it gives money back),
// PATCH /orders {ids, status} in chunks the server takes, and what to tell the admin about the
// answer. Back office only, so none of it is in the orders slice (which every shopper loads).
import { apiClient } from '../../../lib/apiClient';
import { apiThunk } from '../../../lib/thunk';
import type { Order, OrderStatus } from '../../../domain/types';
import { ordersFilterParams, type OrdersFilters } from '../ordersQuery';
import { cancelRefunds, type RefundFact } from './paidCancel';

/** Orders one PATCH /orders may name (the server's MAX_BULK), and the largest page GET /orders gives. */
export const MAX_BULK = 1000;

export type BulkResult = { id: number; status: 200; order: Order } | { id: number; status: 403 | 404 | 409; message: string };

/**
 * Every order the query's filters select, a page of 1000 at a time: its id, and whether
 * cancelling it gives money back.
 */
export async function fetchMatchingOrders(query: OrdersFilters): Promise<RefundFact[]> {
  const found: RefundFact[] = [];
  for (let page = 1; ; page++) {
    const params = ordersFilterParams(query, new URLSearchParams({ _page: String(page), _per_page: String(MAX_BULK) }));
    const { items, total } = await apiClient.list<Order>(`/orders?${params}`);
    found.push(...items.map((order) => ({ id: order.id, refunds: cancelRefunds(order) })));
    if (items.length < MAX_BULK || found.length >= total) return found;
  }
}

/** PATCH /orders {ids, status}, at most MAX_BULK ids a call, one call after the other. */
export async function setStatuses({ ids, status }: { ids: number[]; status: OrderStatus }): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (let start = 0; start < ids.length; start += MAX_BULK) {
    results.push(...(await apiClient.patch<BulkResult[]>('/orders', { ids: ids.slice(start, start + MAX_BULK), status })));
  }
  return results;
}

export const fetchMatchingOrdersAsync = apiThunk('orders/matchingOrdersFetched', fetchMatchingOrders);
export const setStatusesAsync = apiThunk('orders/statusesChanged', setStatuses);

export interface BulkSummary {
  updated: number[];
  failed: { id: number; message: string }[];
  /** "3 orders updated; 1 failed: #12 "Galaxy S24" is out of stock" */
  text: string;
}

const orders = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

/** What the answer did, in one sentence (each failure with its order number and reason). */
export function summarize(results: BulkResult[]): BulkSummary {
  const updated = results.filter((r) => r.status === 200).map((r) => r.id);
  const failed = results.flatMap((r) => (r.status === 200 ? [] : [{ id: r.id, message: r.message }]));
  let text = `${orders(updated.length)} updated`;
  if (failed.length > 0) text += `; ${failed.length} failed: ${failed.map((f) => `#${f.id} ${f.message}`).join('; ')}`;
  return { updated, failed, text };
}
