// 'Buy again' on My Orders: the API call and its thunk. Apart from cartAPI.ts and cartSlice.ts,
// which the store (and so every first load) imports: this code loads with My Orders only.
import { apiClient } from '../../lib/apiClient';
import { apiThunk } from '../../lib/thunk';
import type { BuyAgainResult } from '../../domain/types';
import { cartReplaced } from './cartSlice';

// POST /orders/{id}/buy-again → what went back in the cart (quantities capped by stock and 6),
// what was left out and why, and the cart.
export const buyAgain = (orderId: number) => apiClient.post<BuyAgainResult>(`/orders/${orderId}/buy-again`, undefined);

/** Puts an order's products back in the cart; the cart becomes the server's. */
export const buyAgainAsync = apiThunk('cart/buyAgain', buyAgain, (result) => cartReplaced(result.cart));
