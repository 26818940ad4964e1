// A write that names SKUs: another product's SKU is a 409 the admin can act on.
import { SkuTaken } from '../../db/port';
import { HttpError } from '../../http/errors';

/** What a write that would give a second product `sku` is told (the import's check says it too). */
export const skuTakenMessage = (sku: string) => `SKU ${sku} is already used by another product`;

/**
 * A write naming a SKU another product has: 409 naming the SKU (nothing was written), its message
 * under the field that gave it: that variant's SKU (`variants.N.sku`) when `where` (the body's
 * variants) holds it, so the form shows it beside the cell, or the key `where` answers for it (an
 * import's row and column); `variants` otherwise.
 */
export async function skuFree<T>(write: () => Promise<T>, where?: readonly { sku: string }[] | ((sku: string) => string | undefined)): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof SkuTaken)) throw error;
    const message = skuTakenMessage(error.sku);
    throw new HttpError(409, message, { [fieldOf(error.sku, where) ?? 'variants']: message });
  }
}

function fieldOf(sku: string, where: readonly { sku: string }[] | ((sku: string) => string | undefined) | undefined): string | undefined {
  if (typeof where === 'function') return where(sku);
  const at = where?.findIndex((v) => v.sku.toLowerCase() === sku.toLowerCase()) ?? -1;
  return at >= 0 ? `variants.${at}.sku` : undefined;
}
