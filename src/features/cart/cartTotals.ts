// The cart's totals, for the cart and checkout pages (kept out of the slice, which every page
// loads): a line with a variant counts at its variant's price.
import { createSelector } from '@reduxjs/toolkit';
import { totals } from '../../domain/pricing';
import { linePricing } from './cartLine';
import { selectCartItemCount, selectItems } from './cartSlice';

/**
 * Memoized: the same totals object while the items are unchanged (no needless re-renders). The
 * item count is the header badge's own selector, so the two never disagree.
 */
export const selectCartTotals = createSelector([selectItems, selectCartItemCount], (items, totalItems) => ({
  totalAmount: totals(items.map((item) => ({ product: linePricing(item), quantity: item.quantity }))).totalAmount,
  totalItems,
}));
