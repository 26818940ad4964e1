// How the order pages write an order's facts: its date, a line's choice, a count of items, a
// delivery estimate (charges and payment: src/domain/orderText.ts).
import { choiceLabel } from '../../../domain/variants';
import type { DeliveryEstimate } from '../../../domain/delivery';
import type { CartItem } from '../../../domain/types';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });

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

/** "Mon, Nov 30 – Wed, Dec 2", or one day when the estimate names one. */
export function estimateText({ earliest, latest }: DeliveryEstimate): string {
  return earliest.getTime() === latest.getTime() ? weekday.format(latest) : `${weekday.format(earliest)} – ${weekday.format(latest)}`;
}
