import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch } from '../../../lib/hooks';
import { useAppAlert } from '../../../components/Alerts';
import { MAX_CART_QUANTITY } from '../../../domain/constants';
import { discountedPrice, formatPrice } from '../../../domain/pricing';
import type { RejectValue } from '../../../lib/thunk';
import type { CartItem } from '../../../domain/types';
import { choiceLabel, type ProductOption } from '../../../domain/variants';
import { linePricing, lineStock } from '../cartLine';

/** "Size 44 / Colour Black" in the product's option order; '' for a product without options. */
function lineChoice(item: CartItem): string {
  if (!item.variant) return '';
  return choiceLabel(item.variant.options, (item.product as { options?: ProductOption[] }).options);
}
import { deleteItemFromCartAsync, fetchCartAsync, updateCartAsync } from '../cartSlice';
import { focusAtOrBefore } from '../../../lib/useFocusNeighbour';
import { Select } from '../../../components/controls';

/** The product's minimum order quantity (1 when it has none). */
export const minimumQuantity = (item: Pick<CartItem, 'product'>): number => Math.max(1, item.product.minimumOrderQuantity ?? 1);

/**
 * minimum…min(6, stock), never more than the stock (the minimum at least); a current quantity
 * outside that (the stock no longer covers it, or below the minimum) is kept as a disabled option
 * (so the select still shows it) beside the line's warning.
 */
function quantityOptions(item: CartItem): { value: number; disabled: boolean }[] {
  const min = minimumQuantity(item);
  const max = Math.max(min, Math.min(MAX_CART_QUANTITY, lineStock(item)));
  const options = Array.from({ length: max - min + 1 }, (_, i) => ({ value: min + i, disabled: false }));
  if (item.quantity > max) options.push({ value: item.quantity, disabled: true });
  if (item.quantity < min) options.unshift({ value: item.quantity, disabled: true });
  return options;
}

function CartLine({ item, onRemove }: { item: CartItem; onRemove: () => Promise<unknown> }) {
  const dispatch = useAppDispatch();
  const alert = useAppAlert();
  const [busy, setBusy] = useState(false);
  // The quantity chosen while it is being saved (the select shows it, not the one it replaces).
  const [pending, setPending] = useState<number | null>(null);
  const { product } = item;
  const selectId = `quantity-${item.id}`;
  const choice = lineChoice(item);
  const named = choice ? `${product.title} (${choice})` : product.title;
  const stock = lineStock(item);
  const unitPrice = discountedPrice(linePricing(item));
  const minimum = minimumQuantity(item);
  const minimumId = `minimum-${item.id}`;

  async function run(action: () => Promise<unknown>, failure: string) {
    setBusy(true);
    try {
      await action();
    } catch (rejected) {
      const { message, status } = rejected as RejectValue;
      alert.error(`${failure}: ${message}`);
      // The line is gone (removed in another tab): the cart as the server has it now, not this stale line.
      if (status === 404) void dispatch(fetchCartAsync());
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  return (
    <li className="flex gap-4 py-6">
      <div className="size-20 shrink-0 overflow-hidden rounded-md border border-gray-200 sm:size-24">
        <img src={product.thumbnail} alt={product.title} width={96} height={96} className="size-full object-cover" />
      </div>
      <div className="flex flex-1 flex-col">
        <div className="flex justify-between gap-4 text-base font-medium text-gray-900">
          <h3>
            <Link to={`/products/${product.id}`} className="hover:underline">
              {product.title}
            </Link>
          </h3>
          <p className="shrink-0">{formatPrice(unitPrice)}</p>
        </div>
        <p className="mt-1 text-sm text-gray-600">{product.brand}</p>
        {choice && <p className="mt-1 text-sm text-gray-700">{choice}</p>}
        <div className="mt-3 flex flex-1 flex-wrap items-end justify-between gap-3 text-sm">
          <div className="flex items-center gap-2">
            <label htmlFor={selectId} className="font-medium text-gray-800">
              Qty<span className="sr-only"> of {named}</span>
            </label>
            <Select
              compact
              id={selectId}
              value={pending ?? item.quantity}
              // Busy, not disabled, while it saves: a disabled select loses the keyboard focus. A change
              // meanwhile is ignored (the select goes back to the quantity being saved).
              aria-disabled={busy || undefined}
              aria-describedby={minimum > 1 ? minimumId : undefined}
              onChange={(event) => {
                if (busy) return;
                const quantity = Number(event.target.value);
                setPending(quantity);
                void run(() => dispatch(updateCartAsync({ id: item.id, quantity })).unwrap(), 'Could not change the quantity');
              }}
            >
              {quantityOptions(item).map(({ value, disabled }) => (
                <option key={value} value={value} disabled={disabled}>
                  {value}
                </option>
              ))}
            </Select>
          </div>
          <button
            type="button"
            data-remove
            aria-disabled={busy || undefined}
            aria-label={`Remove ${named}`}
            onClick={busy ? undefined : () => void run(onRemove, 'Could not remove the item')}
            className="font-medium text-brand-700 hover:text-brand-500 aria-disabled:cursor-wait aria-disabled:opacity-60"
          >
            Remove
          </button>
        </div>
        {minimum > 1 && (
          <p id={minimumId} className={`mt-2 text-sm ${item.quantity < minimum ? 'font-medium text-red-700' : 'text-gray-600'}`}>
            Minimum order quantity {minimum}
          </p>
        )}
        {(product.deleted || stock < item.quantity) && (
          <p className="mt-2 text-sm font-medium text-red-700">
            {product.deleted ? 'This product is no longer sold.' : `Only ${Math.max(0, stock)} left in stock.`}
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * The cart's lines, shared by the cart page and the checkout's order summary. A line removed takes
 * the keyboard focus to the Remove of the line that took its place (the last one's, when it was
 * last), or to `after` when no line is left (the membership line's Remove; an empty cart leaves the page).
 */
export default function CartLines({ items, after }: { items: CartItem[]; after?: RefObject<HTMLElement | null> }) {
  const dispatch = useAppDispatch();
  const list = useRef<HTMLUListElement>(null);
  const removed = useRef<{ product: number; index: number } | null>(null);

  useEffect(() => {
    const gone = removed.current;
    if (!gone || items.some((item) => item.product.id === gone.product)) return;
    removed.current = null;
    focusAtOrBefore(list.current, '[data-remove]', gone.index, after?.current);
  }, [items, after]);

  async function remove(product: number, index: number) {
    removed.current = { product, index };
    try {
      await dispatch(deleteItemFromCartAsync(product)).unwrap();
    } catch (rejected) {
      // 404: gone already (another tab); the cart read again drops the line, and the focus moves on.
      if ((rejected as RejectValue).status !== 404) removed.current = null;
      throw rejected;
    }
  }

  return (
    <ul ref={list} className="-my-6 divide-y divide-gray-200">
      {items.map((item, index) => (
        <CartLine key={item.id} item={item} onRemove={() => remove(item.product.id, index)} />
      ))}
    </ul>
  );
}
