// "Notify me when back in stock": the shopper's back-in-stock alerts.
import type { StockAlert } from '../../domain/wishlist';
import { apiClient } from '../../lib/apiClient';

export type { StockAlert };

/** The alert for this product and variant among `alerts`. */
export const findAlert = (alerts: StockAlert[], product: number, variant: number | null) =>
  alerts.find((alert) => alert.product === product && alert.variant === variant);

// GET /stock-alerts (own)
export const fetchStockAlerts = () => apiClient.get<StockAlert[]>('/stock-alerts');
// POST /stock-alerts {product, variant} (the sold-out variant; a product without options: its only one): 201; 409 while in stock, or when already asked for
export const createStockAlert = (product: number, variant: number | null) => apiClient.post<StockAlert>('/stock-alerts', { product, variant });
// DELETE /stock-alerts/:id: 204
export const deleteStockAlert = (id: number) => apiClient.delete<void>(`/stock-alerts/${id}`);
