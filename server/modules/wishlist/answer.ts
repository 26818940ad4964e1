// A wishlist item as answers give it: a summary of its product (what the list shows, never every
// variant) and its saved choice, with the price the shopper can buy it at now.
import { variantSalePrice } from '../../../src/domain/variants';
import type { WishlistChoice, WishlistItem, WishlistProduct } from '../../../src/domain/wishlist';
import type { ProductSummary, StoredWishlistItem, VariantSummary } from '../../db/port';

/** The choice's option values in the product's option order. */
function choiceOf(product: ProductSummary, variant: VariantSummary): WishlistChoice {
  const names = product.options.map((o) => o.name).filter((name) => name in variant.options);
  return { id: variant.id, sku: variant.sku, options: names.map((name) => ({ name, value: variant.options[name] })) };
}

/**
 * The item's product: a saved choice's price and stock are that variant's; the product as a whole
 * costs what its cheapest choice in stock costs, or when none is in stock what its cheapest did.
 */
function productOf(product: ProductSummary, variant: VariantSummary | null): WishlistProduct {
  const price = variant ? variantSalePrice(product, variant) : (product.inStockPrice ?? product.salePrice);
  const stock = variant ? variant.stock : product.stock;
  return {
    id: product.id,
    title: product.title,
    thumbnail: product.thumbnail,
    brand: product.brand,
    price,
    stock,
    soldOut: product.deleted || stock <= 0,
    hasOptions: product.options.length > 0,
    deleted: product.deleted,
    minimumOrderQuantity: product.minimumOrderQuantity ?? 1,
  };
}

/** The items in their order; one whose product or variant is gone is left out. */
export function wishlistAnswer(items: readonly StoredWishlistItem[], found: { products: readonly ProductSummary[]; variants: readonly VariantSummary[] }): WishlistItem[] {
  const products = new Map(found.products.map((p) => [p.id, p]));
  const variants = new Map(found.variants.map((v) => [v.id, v]));
  return items.flatMap((item) => {
    const product = products.get(item.product);
    const variant = item.variant === null ? null : variants.get(item.variant);
    if (!product || variant === undefined || (variant && variant.product !== product.id)) return [];
    return [{ id: item.id, product: productOf(product, variant), variant: variant && choiceOf(product, variant), createdAt: item.createdAt }];
  });
}
