// The back office's webhooks: /api/admin/webhooks (admin only), an endpoint's delivery log and
// "Resend". The loaders take useLatest's key, so they stay stable.
import { apiClient } from '../../../lib/apiClient';
import type { NewWebhookEndpoint, WebhookDelivery, WebhookEndpoint, WebhookEventType } from '../../../domain/webhooks';

export interface WebhookBody {
  url: string;
  events: WebhookEventType[];
}

/** How many of an endpoint's latest attempts the page shows. */
export const DELIVERIES_SHOWN = 50;

export const loadWebhooks = () => apiClient.get<WebhookEndpoint[]>('/admin/webhooks');
export const createWebhook = (body: WebhookBody) => apiClient.post<NewWebhookEndpoint>('/admin/webhooks', body);
export const setWebhookActive = (id: number, active: boolean) => apiClient.patch<WebhookEndpoint>(`/admin/webhooks/${id}`, { active });
export const deleteWebhook = (id: number) => apiClient.delete<void>(`/admin/webhooks/${id}`);

/** useLatest's key is the endpoint's id. */
export const loadDeliveries = (id: string) => apiClient.list<WebhookDelivery>(`/admin/webhooks/${id}/deliveries?_limit=${DELIVERIES_SHOWN}`);
export const resendDelivery = (id: number, delivery: number) =>
  apiClient.post<{ id: number; event: WebhookEventType; eventId: string }>(`/admin/webhooks/${id}/deliveries/${delivery}/resend`, {});
