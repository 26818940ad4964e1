import { formatMoney, type DeliveryEstimate } from '../../domain/checkout';

/** "3–7 business days", "1 business day", "Same day". */
export function estimateText({ minDays, maxDays }: DeliveryEstimate): string {
  if (maxDays === 0) return 'Same day';
  const days = minDays === maxDays ? `${maxDays}` : `${minDays}–${maxDays}`;
  return `${days} business ${maxDays === 1 ? 'day' : 'days'}`;
}

/** A charge in dollars as the checkout shows it: "Free" or "$12.00". */
export const chargeText = (dollars: number) => (dollars === 0 ? 'Free' : formatMoney(dollars));

