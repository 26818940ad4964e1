// Buying an order again: the order's products that can still be bought go back in the owner's
// cart (each quantity capped by the stock and by what a cart line holds, raised to the product's
// minimum order quantity); the others are listed with why.
import { MAX_CART_QUANTITY } from '../../../src/domain/constants';
import type { BuyAgainResult, Order } from '../../../src/domain/types';
import { minimumOf, type CartService } from '../cart/service';
import type { CatalogueService } from '../catalogue/service';
import { lineVariant } from '../catalogue/variantRules';

export async function buyAgain(modules: { catalogue: CatalogueService; cart: CartService }, user: number, order: Order): Promise<BuyAgainResult> {
  const products = new Map((await modules.catalogue.productsByIds(order.items.map((i) => i.product.id))).map((p) => [p.id, p]));
  const inCart = new Set((await modules.cart.lines(user)).map((i) => i.variant.id));
  const result: BuyAgainResult = { added: [], skipped: [], cart: [] };
  for (const item of order.items) {
    const product = products.get(item.product.id);
    const named = { id: item.product.id, title: product?.title ?? item.product.title };
    let reason: string | undefined;
    // The line's variant (a line older than variants: the only variant of a product without options).
    const variant = product && lineVariant(product, item, false);
    if (!product || product.deleted || !variant) reason = 'no longer available';
    else if (variant.stock <= 0) reason = 'out of stock';
    else if (inCart.has(variant.id)) reason = 'already in your cart';
    // Fewer than the product's minimum order quantity is raised to it, when there is that much.
    else if (minimumOf(product) > variant.stock) reason = `only ${variant.stock} left, fewer than its minimum order quantity of ${minimumOf(product)}`;
    else if (minimumOf(product) > MAX_CART_QUANTITY) reason = `its minimum order quantity of ${minimumOf(product)} is more than a cart line holds`;
    if (reason === undefined) {
      const quantity = Math.max(minimumOf(product!), Math.min(item.quantity, variant!.stock, MAX_CART_QUANTITY));
      if (await modules.cart.addLine({ user: user, product: product!.id, variant: variant!.id, quantity })) {
        result.added.push({ product: named, quantity });
        continue;
      }
      reason = 'already in your cart'; // added meanwhile (another tab)
    }
    result.skipped.push({ product: named, reason });
  }
  result.cart = await modules.cart.lines(user);
  return result;
}
