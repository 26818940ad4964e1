// Returns and refunds: what an order answers of its returns, and the rules the order
// pages read from it (which line can still be returned, how much of it, until when).
import type { Order, OrderItem, PaymentMethod } from './types';

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The words people read for a return's status. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
  refunded: 'Refunded',
};

/** The steps an admin may take from each status (anything else is 409). */
export const RETURN_NEXT_STEPS: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'rejected'],
  approved: ['received'],
  rejected: [],
  received: ['refunded'],
  refunded: [],
};

/** Units of one order line in a return: `line` is the order line's `id`. */
export interface ReturnLine {
  line: number;
  quantity: number;
}

/** What a return gives back (computed at approval, kept), and how: to the card, or in cash. */
export interface ReturnRefund {
  /** Dollars. */
  amount: number;
  method: PaymentMethod;
}

/** One step of a return: who took it and when. */
export interface ReturnEvent {
  status: ReturnStatus;
  /** ISO date-time. */
  at: string;
  by: 'shopper' | 'admin';
}

/** A return of some units of an order (every order answers `returns`, oldest first). */
export interface OrderReturn {
  id: number;
  status: ReturnStatus;
  items: ReturnLine[];
  reason: string;
  /** ISO date-time. */
  createdAt: string;
  refund: ReturnRefund | null;
  history: ReturnEvent[];
}

/** POST /orders/:id/returns. */
export interface NewReturn {
  items: ReturnLine[];
  reason: string;
}

/** PATCH /orders/:id/returns/:returnId; `damaged`: line ids not put back in stock (with 'received'). */
export interface ReturnStep {
  status: ReturnStatus;
  damaged?: number[];
}

/** The longest reason the server takes. */
export const MAX_RETURN_REASON = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The days of a product's return window from its `returnPolicy` ("30 days return policy" → 30); null: no returns. */
export function returnWindowDays(policy: string | undefined): number | null {
  const days = /(\d+)\s*days?/i.exec(policy ?? '');
  return days ? Number(days[1]) : null;
}

/**
 * When the order was first delivered: its first 'delivered' event (the history only grows, so an
 * order moved back to dispatched and delivered again keeps that first one), else its creation;
 * undefined when unknown.
 */
export function deliveredAt(order: Pick<Order, 'history' | 'createdAt'>): Date | undefined {
  const event = (order.history ?? []).find((e) => e.status === 'delivered');
  const at = event?.at ?? order.createdAt;
  const date = at ? new Date(at) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
}

/**
 * When a line's return window closes (the first moment it may no longer be returned): a window is
 * whole days, the shop's days are UTC days, so it closes at the end of the UTC day that is the
 * policy's days after the delivery ('30 days' delivered on June 1: returnable through July 1, UTC).
 * Null when its product takes no returns (or dates are unknown).
 */
export function returnableUntil(order: Pick<Order, 'history' | 'createdAt'>, item: OrderItem): Date | null {
  const days = returnWindowDays(item.product.returnPolicy);
  const from = deliveredAt(order);
  if (days === null || !from) return null;
  const until = new Date(from.getTime() + days * DAY_MS);
  until.setUTCHours(24, 0, 0, 0);
  return until;
}

/** "Jul 1, 2026 (UTC)": the last day of a return window that closes at `until`, as every page and message says it. */
export const returnLastDay = (until: Date): string =>
  `${new Date(until.getTime() - 1).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })} (UTC)`;

/** Units of a line already in a return that is not rejected. */
export function unitsInReturns(order: Pick<Order, 'returns'>, line: number): number {
  return (order.returns ?? [])
    .filter((r) => r.status !== 'rejected')
    .reduce((sum, r) => sum + r.items.filter((i) => i.line === line).reduce((s, i) => s + i.quantity, 0), 0);
}

/** How many units of a line the shopper can still return now (0: none, window over or no returns). */
export function returnableUnits(order: Order, item: OrderItem, now = new Date()): number {
  if (order.status !== 'delivered') return 0;
  const until = returnableUntil(order, item);
  if (!until || until.getTime() <= now.getTime()) return 0;
  return Math.max(0, item.quantity - unitsInReturns(order, item.id));
}

/** "Return requested" / "Return approved" / "Return received" while the order's latest open return is under way; null otherwise. */
export function returnInProgress(order: Pick<Order, 'returns'>): string | null {
  const open = [...(order.returns ?? [])].reverse().find((r) => r.status === 'requested' || r.status === 'approved' || r.status === 'received');
  return open ? `Return ${RETURN_STATUS_LABELS[open.status].toLowerCase()}` : null;
}
