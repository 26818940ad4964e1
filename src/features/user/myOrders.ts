// My Orders' own API calls (the list in pages, one order, cancelling). Apart from userAPI.ts and
// userSlice.ts, which the store (and so every first load) imports: this code loads with the
// order pages only.
import { apiClient, type ListPage } from '../../lib/apiClient';
import { startForFirstScreen } from '../../lib/firstScreen';
import { apiThunk } from '../../lib/thunk';
import type { Order } from '../../domain/types';
import { orderReplaced } from './userSlice';

/** Orders on a page of My Orders. */
export const MY_ORDERS_PER_PAGE = 10;

// GET /orders/own/?_page&_limit → a page of the caller's orders, newest first; X-Total-Count.
export const fetchMyOrdersPage = (page: number): Promise<ListPage<Order>> =>
  apiClient.list<Order>(`/orders/own/?_page=${page}&_limit=${MY_ORDERS_PER_PAGE}`);

// GET /orders/{id} → one of the caller's orders (404 when it is someone else's or does not exist).
export const fetchMyOrder = (id: string) => apiClient.get<Order>(`/orders/${encodeURIComponent(id)}`);

/** The key of order `id` among the first screen's requests (src/lib/firstScreen.ts), for useRemote. */
export const myOrderKey = (id: string) => `my order ${id}`;

/** Order `id`, asked for before the app's first render when it starts on the order's page or its success page. */
export const myOrderFirstScreen = (id: string) => startForFirstScreen(myOrderKey(id), fetchMyOrder(id));

// POST /orders/{id}/cancel → the order, cancelled (409 when no longer pending; 404 not the caller's).
export const cancelOrder = (id: number) => apiClient.post<Order>(`/orders/${id}/cancel`, undefined);

/** Cancels one of the user's pending orders; the user slice's copy becomes the server's answer. */
export const cancelOrderAsync = apiThunk('user/cancelOrder', cancelOrder, orderReplaced);
