import { useState } from 'react';
import { useAppAlert } from '../../../components/Alerts';
import { ALREADY_IN_CART, MAX_CART_QUANTITY } from '../../../domain/constants';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import type { RejectValue } from '../../../lib/thunk';
import type { Product } from '../../../domain/types';
import { addToCartAsync, fetchCartAsync, selectCartLoaded, selectItems } from '../cartSlice';
import { Button } from '../../../components/controls';

/** The shopper's choice of a variant, as the product page has it. */
export interface VariantSelection {
  /** The product has options: the request names the variant, and only a full choice has one. */
  hasOptions: boolean;
  /** The variant being bought (the chosen one; the single one of a product without options). */
  variant: { id: number; stock: number } | undefined;
  /** "Size 44 / Colour Black"; '' without options. */
  label: string;
  /** Says which options are still to choose and moves focus to the first of them. */
  askForChoice: () => void;
}

/**
 * 'Add to Cart' on a product page, alerting whether the item was added or already there, or why it
 * cannot be added. On a product with options it asks for a full choice first and adds the chosen
 * variant; the same variant twice is 'Item Already added !', another variant of the product is a
 * line of its own.
 */
export default function AddToCart({ product, selection }: { product: Product; selection?: VariantSelection }) {
  const dispatch = useAppDispatch();
  const alert = useAppAlert();
  const items = useAppSelector(selectItems);
  const cartLoaded = useAppSelector(selectCartLoaded);
  const [adding, setAdding] = useState(false);

  const hasOptions = selection?.hasOptions ?? false;
  const chosen = hasOptions ? selection?.variant : undefined;
  // The cart line starts at the product's minimum order quantity.
  const minimum = Math.max(1, product.minimumOrderQuantity ?? 1);
  const inCart = items.some((item) => item.product.id === product.id && (!chosen || item.variant?.id === chosen.id));
  const unavailable = product.deleted
    ? 'This product has been removed from the shop and cannot be added to the cart.'
    : minimum > MAX_CART_QUANTITY
      ? `Its minimum order quantity of ${minimum} is more than a cart line holds (${MAX_CART_QUANTITY}): it cannot be ordered online.`
      : product.stock <= 0
      ? 'Out of stock: this product cannot be added to the cart right now.'
      : chosen && chosen.stock <= 0
        ? `Out of stock: ${selection?.label} cannot be added to the cart right now.`
        : (chosen?.stock ?? product.stock) < minimum
          ? `Only ${chosen?.stock ?? product.stock} left, fewer than the minimum order quantity of ${minimum}.`
          : null;

  async function addToCart() {
    if (hasOptions && !chosen) {
      selection?.askForChoice();
      return;
    }
    if (inCart) {
      alert.error('Item Already added !');
      return;
    }
    setAdding(true);
    try {
      await dispatch(
        addToCartAsync(chosen ? { product: product.id, variant: chosen.id, quantity: minimum } : { product: product.id, quantity: minimum }),
      ).unwrap();
      alert.success('Item added to Cart !');
    } catch (rejected) {
      const { status, message } = rejected as RejectValue;
      if (status === 409 && message.endsWith(ALREADY_IN_CART)) {
        // Added meanwhile (another tab): the 'already added' alert, and the cart as the server has it.
        alert.error('Item Already added !');
        dispatch(fetchCartAsync());
      } else {
        alert.error(`Could not add to cart: ${message}`);
      }
    } finally {
      setAdding(false);
    }
  }

  return (
    <>
      <Button
        look="primary"
        size="lg"
        className="mt-4 w-full lg:mt-8"
        onClick={addToCart}
        // Busy while it adds (a disabled button would lose the keyboard focus; a second press is ignored).
        busy={adding}
        // Until the cart is loaded, 'Item Already added !' could not be told apart.
        disabled={Boolean(unavailable) || !cartLoaded}
        aria-describedby={unavailable ? 'unavailable-reason' : minimum > 1 ? 'minimum-quantity-note' : undefined}
      >
        {adding ? 'Adding…' : 'Add to Cart'}
      </Button>
      {!unavailable && minimum > 1 && (
        <p id="minimum-quantity-note" className="mt-3 text-sm text-gray-700">
          Adds {minimum} to the cart: the minimum order quantity.
        </p>
      )}
      {unavailable && (
        <p id="unavailable-reason" className="mt-3 text-sm font-medium text-red-700">
          {unavailable}
        </p>
      )}
    </>
  );
}
