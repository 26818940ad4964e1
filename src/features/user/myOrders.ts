// My Orders' own actions: the API calls and their thunks. Apart from userAPI.ts and userSlice.ts,
// which the store (and so every first load) imports: this code loads with My Orders only.
import { apiClient } from '../../lib/apiClient';
import { apiThunk } from '../../lib/thunk';
import type { Order } from '../../domain/types';
import { orderReplaced } from './userSlice';

// POST /orders/{id}/cancel → the order, cancelled (409 when no longer pending; 404 not the caller's).
export const cancelOrder = (id: number) => apiClient.post<Order>(`/orders/${id}/cancel`, undefined);

/** Cancels one of the user's pending orders; My Orders shows it as the server answered. */
export const cancelOrderAsync = apiThunk('user/cancelOrder', cancelOrder, orderReplaced);
