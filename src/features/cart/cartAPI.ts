import { apiClient } from '../../lib/apiClient';
import type { CartItem } from '../../domain/types';
import type { Quote } from '../../domain/quote';

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

// GET /cart: the caller's lines, each with its product expanded.
export const fetchCart = () => apiClient.get<CartItem[]>('/cart');

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
