// Variants (sizes, colours, storage): the shapes the API answers and the few rules the product
// page, the cart and the server share. A product has 0 to 3 options and at least one variant; a
// product without options has exactly one variant, with `options: {}`.
import { discountedPrice } from './pricing';
import type { Product } from './productFields';

export const MAX_OPTIONS = 3;

/** One option of a product and its values in the order the shop shows them ("Size": S, M, L). */
export interface ProductOption {
  name: string;
  values: string[];
}

/** A choice of one value per option name: `{ Size: 'M', Colour: 'Black' }`; `{}` without options. */
export type VariantChoice = Record<string, string>;

/** Every combination of one value from each list, the first list varying slowest ([[]] for no lists). */
export function combinations<T>(lists: readonly (readonly T[])[]): T[][] {
  return lists.reduce<T[][]>((acc, values) => acc.flatMap((c) => values.map((v) => [...c, v])), [[]]);
}

/** Every choice of the options' values, the first option varying slowest ({} without options). */
export function optionChoices(options: readonly { name: string; values: readonly string[] }[]): VariantChoice[] {
  return combinations(options.map((o) => o.values)).map((values) => Object.fromEntries(values.map((v, i) => [options[i].name, v])));
}

/** A variant as a product answer carries it: `price`/`discountPercentage` null = the product's own. */
export interface Variant {
  id: number;
  sku: string;
  options: VariantChoice;
  price: number | null;
  discountPercentage: number | null;
  stock: number;
  /**
   * The variant's picture (a colour's), one of its product's `images`; absent = none, the product
   * page's gallery then stays as it is (migration 0018).
   */
  image?: string | null;
}

/** The variant fields of a product answer. */
export interface ProductVariants {
  options: ProductOption[];
  variants: Variant[];
}

/** A cart line's variant: its own price and discount resolved, with the price the shopper pays. */
export interface CartVariant {
  id: number;
  sku: string;
  options: VariantChoice;
  price: number;
  discountPercentage: number;
  /** The displayed unit price: this variant's price less its discount, rounded (discountedPrice). */
  salePrice: number;
  stock: number;
}

/** What an order line keeps of its variant when the order is placed (never re-read later). */
export interface OrderVariant {
  id: number;
  sku: string;
  options: VariantChoice;
  /** The unit price charged (displayed price at the time of the order). */
  price: number;
}

type PricedFields = Pick<Product, 'price' | 'discountPercentage'>;

/** The variant's price and discount with the product's standing in for null. */
export function variantPricing(product: PricedFields, variant: Pick<Variant, 'price' | 'discountPercentage'>): PricedFields {
  return { price: variant.price ?? product.price, discountPercentage: variant.discountPercentage ?? product.discountPercentage };
}

/** The displayed unit price of a variant: discountedPrice of its own price and discount. */
export function variantSalePrice(product: PricedFields, variant: Pick<Variant, 'price' | 'discountPercentage'>): number {
  return discountedPrice(variantPricing(product, variant));
}

/** "Size 44 / Colour Black" as a person reads a choice, in the product's option order; '' without options. */
export function choiceLabel(choice: VariantChoice, options?: readonly ProductOption[]): string {
  const names = options ? options.map((o) => o.name).filter((n) => n in choice) : Object.keys(choice);
  return names.map((name) => `${name} ${choice[name]}`).join(' / ');
}

/** The variant whose options are exactly `choice` (every option named, no other). */
export function findVariant<V extends Pick<Variant, 'options'>>(variants: readonly V[], choice: VariantChoice): V | undefined {
  const keys = Object.keys(choice);
  return variants.find((v) => {
    const own = Object.keys(v.options);
    return own.length === keys.length && keys.every((k) => v.options[k] === choice[k]);
  });
}
