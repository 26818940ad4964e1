// Displayed prices and order totals, shared by the client and the server so both compute the same.
import type { PricedProduct, Product } from './types';

type Priced = Pick<Product, 'price' | 'discountPercentage'>;

/** The displayed unit price: price × (1 − discount/100), rounded to whole dollars. */
export function discountedPrice(product: Priced): number {
  return Math.round(product.price * (1 - product.discountPercentage / 100));
}

/** The product as the API answers it: with `salePrice`, its displayed price (discountedPrice). */
export function withSalePrice<T extends Product>(product: T): T & PricedProduct {
  return { ...product, salePrice: discountedPrice(product) };
}

/** The struck-through original price, rounded. */
export function originalPrice(product: Priced): number {
  return Math.round(product.price);
}

/** What every price the shop shows is: the cart, checkout, product list and page say it. */
export const PRICES_BEFORE_TAX = 'Prices are before tax.';

export interface Line {
  product: Priced;
  quantity: number;
}

/** Order/cart totals: Σ discounted unit price × quantity, and Σ quantity. */
export function totals(lines: readonly Line[]): { totalAmount: number; totalItems: number } {
  let totalAmount = 0;
  let totalItems = 0;
  for (const line of lines) {
    totalAmount += discountedPrice(line.product) * line.quantity;
    totalItems += line.quantity;
  }
  return { totalAmount, totalItems };
}

// Dollars as text, "$1,234" and "$1,234.50", written as en-US `Intl.NumberFormat` writes them
// (currency style; the number's shortest decimal form rounded half away from zero; negative zero
// "-$0"), without Intl: the first Intl.NumberFormat a page creates loads ICU's data, about 50 ms of
// the main thread on a phone (200 ms at Lighthouse's 4× CPU), more than the home page's first render.
// formatUsd.test.ts checks it against Intl on any number.

/** The whole and fraction digits of `abs` (finite, ≥ 0) as its shortest decimal form has them. */
function decimalDigits(abs: number): [string, string] {
  const text = String(abs);
  if (!text.includes('e')) {
    const [whole, fraction = ''] = text.split('.');
    return [whole, fraction];
  }
  // 1e21 and above are whole numbers (their exact digits); below 1e-6 a number rounds to zero cents.
  return abs >= 1 ? [BigInt(abs).toString(), ''] : ['0', ''];
}

/** `amount` in dollars with `fractionDigits` (0 or 2) decimals: "$1,235", "-$12.50". */
export function formatUsd(amount: number, fractionDigits: 0 | 2): string {
  if (Number.isNaN(amount)) return '$NaN';
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  const abs = Math.abs(amount);
  if (abs === Infinity) return `${sign}$∞`;
  const [whole, fraction] = decimalDigits(abs);
  const padded = fraction.padEnd(fractionDigits + 1, '0');
  let units = BigInt(whole + padded.slice(0, fractionDigits));
  if (padded[fractionDigits] >= '5') units += 1n;
  const digits = units.toString().padStart(fractionDigits + 1, '0');
  const wholeText = digits.slice(0, digits.length - fractionDigits).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${wholeText}${fractionDigits ? `.${digits.slice(-fractionDigits)}` : ''}`;
}

/** A price in whole dollars: "$1,235". */
export function formatPrice(amount: number): string {
  return formatUsd(amount, 0);
}
