// Products in and out as CSV: the export's address for the list's filters, and the
// import (POST /admin/import/products), first as a dry run. The columns and the size limit are
// shared with the server (src/domain/backOffice.ts).
import { API_URL, apiClient } from '../../../lib/apiClient';
import { apiThunk } from '../../../lib/thunk';

import type { ImportReport } from '../../../domain/backOffice';

export { MAX_IMPORT_BYTES, type ImportReport } from '../../../domain/backOffice';
// The file's columns: the product's, then the variant's (src/domain/variantCsv.ts).
export { CSV_FILE_COLUMNS as PRODUCT_CSV_COLUMNS } from '../../../domain/variantCsv';

/** The whole catalogue as CSV: the import's template. */
export const PRODUCTS_EXPORT_HREF = `${API_URL}/admin/export/products.csv`;

// POST /admin/import/products {csv, dryRun}: a dry run reports; for real, all rows or none.
export const importProducts = (body: { csv: string; dryRun: boolean }) =>
  apiClient.post<ImportReport>('/admin/import/products', body);

export const importProductsAsync = apiThunk('products/imported', importProducts);

export interface RowError {
  /** The file's line (the header is line 1); undefined for an error about the whole file. */
  row?: number;
  field: string;
  message: string;
}

/** `{"row 3.price": "price must be at least 1", csv: "…"}` → rows, in the file's order. */
export function toRowErrors(errors: Record<string, string> | undefined): RowError[] {
  return Object.entries(errors ?? {})
    .map(([key, message]) => {
      const match = /^row (\d+)\.(.+)$/.exec(key);
      return match ? { row: Number(match[1]), field: match[2], message } : { field: key, message };
    })
    .sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
}

/** "2 MB", "2.1 MB": megabytes rounded up to a tenth, so a file over the limit never reads as the limit. */
export const megabytes = (bytes: number) => `${Math.ceil((bytes / 1024 / 1024) * 10) / 10} MB`;
