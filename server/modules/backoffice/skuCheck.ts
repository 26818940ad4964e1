// The product import's SKUs against the shop's, checked before anything is written (the dry run
// and the real import alike): a variant whose SKU another product would still have when the
// variant is written is refused on its row's variantSku cell, with the message the write itself
// would refuse it with (skuFree). The import writes in this order (catalogue/importJobs.ts): the
// new products first, in the file's order, then the changes of existing products in the file's
// order, each change of a product's variants giving up the SKUs it had; the check follows it.
import type { VariantsWrite } from '../../db/port';
import { skuTakenMessage } from '../catalogue/service';

/** A product's variants as the file writes them: the product (none: new), each variant's row. */
export interface SkuWrite {
  id?: number;
  variants: VariantsWrite['variants'];
  lines: readonly number[];
}

/** The SKUs the writes name (to ask who has them). */
export const namedSkus = (writes: readonly SkuWrite[]) => [...new Set(writes.flatMap((w) => w.variants.map((v) => v.sku)))];

/**
 * Fails each variant whose SKU is taken when it is written: by a product of `owners` (the shop's
 * owner of each named SKU) that has not given it up, or by a product written before it.
 */
export function checkSkus(writes: readonly SkuWrite[], owners: ReadonlyMap<string, number>, fail: (line: number, field: string, message: string) => void): void {
  const owner = new Map<string, number | 'new'>(owners);
  const held = new Map<number, string[]>();
  for (const [sku, id] of owners) held.set(id, [...(held.get(id) ?? []), sku]);
  const take = (w: SkuWrite) =>
    w.variants.forEach((v, i) => {
      if (owner.has(v.sku)) fail(w.lines[i], 'variantSku', skuTakenMessage(v.sku));
      else owner.set(v.sku, w.id ?? 'new');
    });
  for (const w of writes) if (w.id === undefined) take(w);
  for (const w of writes) {
    if (w.id === undefined) continue;
    for (const sku of held.get(w.id) ?? []) if (owner.get(sku) === w.id) owner.delete(sku);
    take(w);
  }
}

/** The error key of the row that writes each SKU (a write refused meanwhile is told there). */
export function skuRows(writes: readonly SkuWrite[]): Map<string, string> {
  const rows = new Map<string, string>();
  for (const w of writes) w.variants.forEach((v, i) => rows.set(v.sku, `row ${w.lines[i]}.variantSku`));
  return rows;
}
