// How the order pages word a return: its lines, its refund.
import { formatMoney } from './checkout';
import type { OrderReturn } from './returns';
import type { Order, OrderItem } from './types';
import { choiceLabel } from './variants';

/** "Trail Shoe (Size 44 / Colour Black)", or the title alone. */
export function lineName(item: OrderItem): string {
  const choice = item.variant ? choiceLabel(item.variant.options) : '';
  return choice ? `${item.product.title} (${choice})` : item.product.title;
}

/** The order line a return's line names (undefined when the order no longer has it). */
export const orderLine = (order: Order, line: number) => order.items.find((item) => item.id === line);

/** "2 × Trail Shoe (Size 44 / Colour Black)". */
export function returnLineText(order: Order, line: { line: number; quantity: number }): string {
  const item = orderLine(order, line.line);
  return `${line.quantity} × ${item ? lineName(item) : `line ${line.line}`}`;
}

/**
 * "Refund $12.34 to your card" (known, not paid yet) / "Refunded $12.34 to your card" (paid);
 * the back office reads "the card" / "in cash". '' while the amount is not known.
 */
export function refundText(ret: OrderReturn, reader: 'shopper' | 'admin'): string {
  if (!ret.refund || ret.status === 'rejected') return '';
  const verb = ret.status === 'refunded' ? 'Refunded' : 'Refund';
  const how = ret.refund.method === 'card' ? (reader === 'shopper' ? 'to your card' : 'to the card') : 'in cash';
  return `${verb} ${formatMoney(ret.refund.amount)} ${how}`;
}
