// The back office's products table: GET /admin/products (a page of the product list with variants
// and last change), POST /admin/products/bulk, and the inline edits: PATCH /products/:id for a
// product's price (and the stock of a product without options), PATCH
// /admin/products/:id/variants/:variantId for one variant's stock.
import { apiClient, ApiError } from '../../../lib/apiClient';
import type { BulkRequest, BulkResult, ProductTableRow } from '../../../domain/productTable';

// GET /admin/products?{the listing's API query}: X-Total-Count is the whole list's size.
export const fetchProductTable = (apiQuery: string) => apiClient.list<ProductTableRow>(`/admin/products?${apiQuery}`);

// POST /admin/products/bulk: every ticked product changed, or none.
export const bulkProducts = (request: BulkRequest) => apiClient.post<BulkResult>('/admin/products/bulk', request);

/** What an inline edit saves: the product's price or stock, or one variant's stock. */
export type InlineField = { kind: 'price'; product: number } | { kind: 'stock'; product: number } | { kind: 'variantStock'; product: number; variant: number };

/** Saves one inline field; the number as typed (the server checks it and names what is wrong). */
export function saveInlineField(field: InlineField, value: string): Promise<unknown> {
  if (field.kind === 'variantStock') return apiClient.patch(`/admin/products/${field.product}/variants/${field.variant}`, { stock: value });
  return apiClient.patch(`/products/${field.product}`, { [field.kind]: value });
}

/** The message for the field from a refused save: the server's word for that field, else its message. */
export function fieldError(error: unknown, field: InlineField): string {
  if (!(error instanceof ApiError)) return 'The change could not be saved';
  const key = field.kind === 'price' ? 'price' : 'stock';
  return error.errors?.[key] ?? error.message;
}
