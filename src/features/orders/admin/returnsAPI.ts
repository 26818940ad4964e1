// A return's next step in the back office: PATCH /orders/{id}/returns/{returnId}
// {status, damaged} → 200 the order (409 a step out of order, 502 the card refund failed).
import { apiClient } from '../../../lib/apiClient';
import type { ReturnStep } from '../../../domain/returns';
import type { Order } from '../../../domain/types';

export const stepReturn = (orderId: number, returnId: number, step: ReturnStep) =>
  apiClient.patch<Order>(`/orders/${orderId}/returns/${returnId}`, step);
