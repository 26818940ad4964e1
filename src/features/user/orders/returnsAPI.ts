// A shopper's return: POST /orders/{id}/returns {items: [{line, quantity}], reason}
// → 201 the order with the new return (400 field messages, 404 not theirs, 409 not returnable).
import { apiClient } from '../../../lib/apiClient';
import type { NewReturn } from '../../../domain/returns';
import type { Order } from '../../../domain/types';

export const requestReturn = (orderId: number, body: NewReturn) => apiClient.post<Order>(`/orders/${orderId}/returns`, body);
