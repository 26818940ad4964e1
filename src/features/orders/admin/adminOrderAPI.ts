// The back office's order page: GET /orders/:id (an admin gets the customer and the internal
// notes), PATCH /orders/:id {status, tracking}, POST /orders/:id/notes {text}.
import { apiClient } from '../../../lib/apiClient';
import type { AdminOrder, OrderNote } from '../../../domain/backOffice';
import type { Order, OrderStatus } from '../../../domain/types';
import type { StoredTracking } from '../../../domain/tracking';

export const fetchAdminOrder = (id: string) => apiClient.get<AdminOrder>(`/orders/${encodeURIComponent(id)}`);

/** `tracking` goes with dispatched only (the server refuses it with another status). */
export const setOrderStatus = (id: number, status: OrderStatus, tracking?: StoredTracking) =>
  apiClient.patch<Order>(`/orders/${id}`, tracking ? { status, tracking } : { status });

export const addOrderNote = (id: number, text: string) => apiClient.post<OrderNote>(`/orders/${id}/notes`, { text });
