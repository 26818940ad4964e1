import { apiClient } from '../../lib/apiClient';
import type { CartItem } from '../../domain/types';
import type { Quote } from '../../domain/quote';
import { isMembershipLine, type MembershipLine } from '../../domain/membership';

export interface NewCartItem {
  product: number;
  /** The chosen variant: required for a product with options, left out otherwise (its single variant). */
  variant?: number;
  quantity: number;
}

export interface CartItemUpdate {
  id: number;
  quantity: number;
}

/** The cart as the client keeps it: the product lines, and the membership line apart (null: none). */
export interface CartContents {
  items: CartItem[];
  membership: MembershipLine | null;
}

// GET /cart: the caller's lines, each with its product expanded; the membership line (last) kept apart.
export const fetchCart = () =>
  apiClient.get<(CartItem | MembershipLine)[]>('/cart').then(
    (lines): CartContents => ({
      items: lines.filter((line): line is CartItem => !isMembershipLine(line)),
      membership: lines.find(isMembershipLine) ?? null,
    }),
  );

// DELETE /cart/membership: takes the membership line out of the cart.
export const removeMembershipLine = () => apiClient.delete<MembershipLine>('/cart/membership');

// POST /cart → 201 the new line, product and variant expanded (409 when that variant is already in
// the cart or beyond stock; 400 when a product with options has no variant).
export const addToCart = (item: NewCartItem) => apiClient.post<CartItem>('/cart', item);

// PATCH /cart/{id}
export const updateCart = (update: CartItemUpdate) => apiClient.patch<CartItem>(`/cart/${update.id}`, update);

// DELETE /cart/{productId}: lines are deleted by product id; resolves to that id.
export const deleteItemFromCart = (productId: number) =>
  apiClient.delete<unknown>(`/cart/${productId}`).then(() => productId);

// POST /checkout/quote for the first saved address: what this cart's shipping would cost there.
export const fetchFirstAddressQuote = () => apiClient.post<Quote>('/checkout/quote', { address: 0 });
