// The back office's brands and categories (/api/admin/brands, /api/admin/categories).
import { apiClient } from '../../../lib/apiClient';
import type { FilterOption } from '../../../domain/types';

export type TaxonomyKind = 'brands' | 'categories';

/** A brand or category with how many products use it (deleted ones included). */
export interface TaxonomyItem extends FilterOption {
  id: number;
  products: number;
}

export const fetchTaxonomy = (kind: TaxonomyKind) => apiClient.get<TaxonomyItem[]>(`/admin/${kind}`);
export const createTaxonomy = (kind: TaxonomyKind, body: { label: string; value?: string }) => apiClient.post<TaxonomyItem>(`/admin/${kind}`, body);
export const updateTaxonomy = (kind: TaxonomyKind, id: number, body: { label?: string; value?: string }) =>
  apiClient.patch<TaxonomyItem>(`/admin/${kind}/${id}`, body);
export const deleteTaxonomy = (kind: TaxonomyKind, id: number) => apiClient.delete<void>(`/admin/${kind}/${id}`);
export const mergeTaxonomy = (kind: TaxonomyKind, id: number, into: number) => apiClient.post<TaxonomyItem>(`/admin/${kind}/${id}/merge`, { into });
