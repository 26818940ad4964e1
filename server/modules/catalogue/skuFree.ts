// A write that names SKUs: another product's SKU is a 409 the admin can act on.
import { SkuTaken } from '../../db/port';
import { HttpError } from '../../http/errors';

/**
 * A write naming a SKU another product has: 409 naming the SKU (nothing was written), its message
 * under that variant's SKU (`variants.N.sku`) when `variants` (the body's) holds it, so the form
 * shows it beside the cell.
 */
export async function skuFree<T>(write: () => Promise<T>, variants?: readonly { sku: string }[]): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof SkuTaken)) throw error;
    const message = `SKU ${error.sku} is already used by another product`;
    const at = variants?.findIndex((v) => v.sku.toLowerCase() === error.sku.toLowerCase()) ?? -1;
    throw new HttpError(409, message, at >= 0 ? { [`variants.${at}.sku`]: message } : { variants: message });
  }
}
