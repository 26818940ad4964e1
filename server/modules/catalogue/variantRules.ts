// The rules of variants the cart and orders share: which variant a request means, how
// a variant is named to a person, whether it can be bought, and what a cart line and an order
// line show of it. The shapes are src/domain/variants.ts.
import { discountedPrice } from '../../../src/domain/pricing';
import type { Product } from '../../../src/domain/types';
import { choiceLabel, variantPricing, variantSalePrice, type CartVariant, type OrderVariant, type Variant } from '../../../src/domain/variants';
import { conflict, type HttpError } from '../../http/errors';
import type { VariantProduct } from '../../db/port';
import { parseId } from '../../http/input';

/** A variant reference: an id, a numeric string, or an object with an id (an expanded variant). */
export function readVariantRef(value: unknown): number | undefined {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return parseId((value as { id?: unknown }).id);
  return parseId(value);
}

/** What to choose, as the product page names it: "Choose a Size", "Choose a Size and a Colour". */
export function chooseMessage(product: VariantProduct): string {
  return `Choose a ${product.options.map((o) => o.name).join(' and a ')}`;
}

/**
 * The variant `raw` names (absent: the only variant of a product without options), or the
 * message of the field `variant`: missing on a product with options, not a variant of the product.
 */
export function resolveVariant(product: VariantProduct, raw: unknown): { variant: Variant } | { message: string } {
  if (raw === undefined || raw === null) {
    if (product.options.length === 0 && product.variants.length > 0) return { variant: product.variants[0] };
    return { message: chooseMessage(product) };
  }
  const id = readVariantRef(raw);
  const variant = id === undefined ? undefined : product.variants.find((v) => v.id === id);
  return variant ? { variant } : { message: `That choice of "${product.title}" is not sold` };
}

/** "Stridewell Chelsea Boots (Size 44)"; the title alone for a product without options. */
export function variantName(product: VariantProduct, variant: Pick<Variant, 'options'>): string {
  const label = choiceLabel(variant.options, product.options);
  return label ? `${product.title} (${label})` : product.title;
}

/** The 409 for `quantity` of the variant when it cannot be bought now, else undefined. */
export function variantUnavailable(product: VariantProduct, variant: Variant, quantity: number): HttpError | undefined {
  const name = variantName(product, variant);
  if (product.deleted) return conflict(`"${product.title}" is no longer available`);
  if (quantity > variant.stock) return conflict(variant.stock > 0 ? `Only ${variant.stock} of "${name}" left in stock` : `"${name}" is out of stock`);
  return undefined;
}

/** 409 unless `quantity` of the variant can be bought now. */
export function assertVariantAvailable(product: VariantProduct, variant: Variant, quantity: number): void {
  const refusal = variantUnavailable(product, variant, quantity);
  if (refusal) throw refusal;
}

/** A cart line's variant: its price and discount resolved, the price the shopper pays, its stock. */
export function cartVariant(product: Product, variant: Variant): CartVariant {
  const { price, discountPercentage } = variantPricing(product, variant);
  return { id: variant.id, sku: variant.sku, options: variant.options, price, discountPercentage, salePrice: variantSalePrice(product, variant), stock: variant.stock };
}

/** What an order line keeps of its variant: id, SKU, choice and the unit price charged. */
export function orderVariant(product: Product, variant: Variant): OrderVariant {
  return { id: variant.id, sku: variant.sku, options: variant.options, price: variantSalePrice(product, variant) };
}

/**
 * The product as an order line keeps it: as sold, with the variant's price and discount as its
 * own (so the line's totals, mails and reports price it as charged), without the variant lists.
 */
export function soldAs(product: VariantProduct, variant: Variant): Product {
  const { options: _options, variants: _variants, ...rest } = product;
  void _options;
  void _variants;
  return { ...rest, ...variantPricing(product, variant) };
}

/**
 * A product answer's `salePrice`: the lowest displayed price over its variants (the product's own
 * without variants), as products.sale_price holds it (migration 0012). Over all its variants, sold
 * out or not: the price filter and sort read it, and it does not move when one size sells out.
 */
export function lowestSalePrice(product: Product & { variants?: readonly Variant[] }): number {
  if (!product.variants || product.variants.length === 0) return discountedPrice(product);
  return Math.min(...product.variants.map((v) => variantSalePrice(product, v)));
}

type Priced = Product & { variants?: readonly Variant[]; salePrice?: number; priceVaries?: boolean };

/**
 * The product with its `salePrice` (lowestSalePrice) and `priceVaries` (its variants' displayed
 * prices differ: a card says "from $X"), from its variants; a listed product (no variants) keeps
 * those its list read (products.sale_price, price_varies).
 */
export function withLowestSalePrice<T extends Priced>(product: T): T & { salePrice: number; priceVaries: boolean } {
  if (!product.variants && product.salePrice !== undefined && product.priceVaries !== undefined) {
    return product as T & { salePrice: number; priceVaries: boolean };
  }
  const prices = (product.variants ?? []).map((v) => variantSalePrice(product, v));
  const salePrice = lowestSalePrice(product);
  return { ...product, salePrice, priceVaries: prices.some((p) => p !== salePrice) };
}

/**
 * The variant of the product an order line holds: the one it kept, when the product still has
 * it; for a line older than variants, the product's first (`firstForOld`) or, when false, its
 * only variant of a product without options.
 */
export function lineVariant(product: VariantProduct, item: { variant?: { id: number } }, firstForOld = true): Variant | undefined {
  if (item.variant) return product.variants.find((v) => v.id === item.variant!.id);
  return firstForOld || product.options.length === 0 ? product.variants[0] : undefined;
}
