import { formatPrice } from '../../../domain/pricing';
import type { WishlistItem } from '../../../domain/wishlist';

/**
 * The price the item can be bought at: a saved choice's own, or for a product with options saved
 * as a whole its cheapest choice in stock ("From"); sold out, the last price it had, said as such.
 */
export default function WishlistPrice({ item: { product, variant } }: { item: WishlistItem }) {
  if (product.soldOut) {
    return (
      <p className="text-sm text-gray-700">
        Last price <span className="font-semibold text-gray-900">{formatPrice(product.price)}</span>
      </p>
    );
  }
  return (
    <p className="text-sm font-semibold text-gray-900">
      <span className="sr-only">Price now: </span>
      {!variant && product.hasOptions ? `From ${formatPrice(product.price)}` : formatPrice(product.price)}
    </p>
  );
}
