// The back office's shipping methods and tax rates: /api/admin/shipping-methods and
// /api/admin/tax-rates (admin only). Field messages come back on ApiError.errors.
import { apiClient } from '../../../lib/apiClient';
import type { ShippingMethod, TaxRate } from '../../../domain/checkout';

export type ShippingMethodBody = Omit<ShippingMethod, 'id'>;
export type TaxRateBody = Omit<TaxRate, 'id'>;

export const fetchShippingMethods = () => apiClient.get<ShippingMethod[]>('/admin/shipping-methods');
export const createShippingMethod = (body: ShippingMethodBody) => apiClient.post<ShippingMethod>('/admin/shipping-methods', body);
export const updateShippingMethod = (id: number, body: ShippingMethodBody) => apiClient.patch<ShippingMethod>(`/admin/shipping-methods/${id}`, body);
export const deleteShippingMethod = (id: number) => apiClient.delete<void>(`/admin/shipping-methods/${id}`);

export const fetchTaxRates = () => apiClient.get<TaxRate[]>('/admin/tax-rates');
export const createTaxRate = (body: TaxRateBody) => apiClient.post<TaxRate>('/admin/tax-rates', body);
export const updateTaxRate = (id: number, body: TaxRateBody) => apiClient.patch<TaxRate>(`/admin/tax-rates/${id}`, body);
export const deleteTaxRate = (id: number) => apiClient.delete<void>(`/admin/tax-rates/${id}`);

