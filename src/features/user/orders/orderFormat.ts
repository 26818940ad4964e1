// How the order pages write an order's facts: its date, a line's choice, a count of items
// (charges and payment: src/domain/orderText.ts; a delivery estimate: src/domain/deliveryText.ts).
import { choiceLabel } from '../../../domain/variants';
import type { CartItem } from '../../../domain/types';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** "Nov 25, 2026", or '' for an order placed before dates were kept. */
export function placedOn(createdAt: string | undefined): string {
  const date = createdAt ? new Date(createdAt) : undefined;
  return date && !Number.isNaN(date.getTime()) ? day.format(date) : '';
}

/** "Size 44 / Colour Black" for a line with a variant of some options; '' otherwise. */
export function lineChoice(item: CartItem): string {
  return item.variant ? choiceLabel(item.variant.options) : '';
}

/** "1 item", "3 items". */
export function itemCount(n: number): string {
  return `${n} ${n === 1 ? 'item' : 'items'}`;
}
