// How the order pages write an order's facts: its date, a line's unit price and choice, the
// payment method, a count of items, a delivery estimate.
import { discountedPrice } from '../../../domain/pricing';
import { choiceLabel } from '../../../domain/variants';
import type { DeliveryEstimate } from '../../../domain/delivery';
import type { CartItem, PaymentMethod } from '../../../domain/types';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' });

/** "Nov 25, 2026", or '' for an order placed before dates were kept. */
export function placedOn(createdAt: string | undefined): string {
  const date = createdAt ? new Date(createdAt) : undefined;
  return date && !Number.isNaN(date.getTime()) ? day.format(date) : '';
}

/** The unit price the line was charged: its variant's when it has one, else the product's displayed price. */
export function unitPrice(item: CartItem): number {
  const variant = item.variant;
  if (variant) return 'salePrice' in variant ? variant.salePrice : variant.price;
  return discountedPrice(item.product);
}

/** "Size 44 / Colour Black" for a line with a variant of some options; '' otherwise. */
export function lineChoice(item: CartItem): string {
  return item.variant ? choiceLabel(item.variant.options) : '';
}

/** The payment method as checkout names it. */
export function paymentLabel(method: PaymentMethod): string {
  return method === 'card' ? 'Card Payment' : 'Cash';
}

/** "1 item", "3 items". */
export function itemCount(n: number): string {
  return `${n} ${n === 1 ? 'item' : 'items'}`;
}

/** "Mon, Nov 30 – Wed, Dec 2", or one day when the estimate names one. */
export function estimateText({ earliest, latest }: DeliveryEstimate): string {
  return earliest.getTime() === latest.getTime() ? weekday.format(latest) : `${weekday.format(earliest)} – ${weekday.format(latest)}`;
}
