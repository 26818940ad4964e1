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

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

export function formatPrice(amount: number): string {
  return usd.format(amount);
}
