// The back office's order page: GET /orders/:id (an admin gets the customer and the internal
// notes), PATCH /orders/:id {status}, POST /orders/:id/notes {text}.
import { apiClient } from '../../../lib/apiClient';
import type { AdminOrder, OrderNote } from '../../../domain/backOffice';
import type { Order, OrderStatus } from '../../../domain/types';

export const fetchAdminOrder = (id: string) => apiClient.get<AdminOrder>(`/orders/${encodeURIComponent(id)}`);

export const setOrderStatus = (id: number, status: OrderStatus) => apiClient.patch<Order>(`/orders/${id}`, { status });

export const addOrderNote = (id: number, text: string) => apiClient.post<OrderNote>(`/orders/${id}/notes`, { text });
