// What an edit of a saved product sends: its id and the fields the form changed. A field the
// admin did not touch is left out, so a save (or a delete) does not write back what the form
// loaded over what changed meanwhile: stock an order took, a price set in the products table.
// The variants go as a whole list when any changed, but a saved variant's stock only when the
// admin changed it (the server keeps the stock of a variant sent without one).
import type { Product, ProductVariants } from '../../../domain/types';
import type { ProductUpdate } from '../productsAPI';
import { toFormValues, toProductInput, type ProductInput } from './productFormValues';

/** A value as JSON with its objects' keys sorted: equal texts, equal values (absent = null). */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The form's variants are the product's: same ones, in order, each field it sends as saved (an image absent = as saved). */
function sameVariants(input: NonNullable<ProductInput['variants']>, saved: ProductVariants['variants'] | undefined): boolean {
  const variants = saved ?? [];
  return (
    input.length === variants.length &&
    input.every((v, i) => {
      const was = variants[i] as unknown as Record<string, unknown>;
      return v.id === was.id && Object.entries(v).every(([key, value]) => value === undefined || same(value, was[key] ?? null));
    })
  );
}

/**
 * The PATCH of `input` over the product as the form loaded it: the id, and each field it changed.
 * Changed from what the form showed, read as the form reads it: a default the form fills in for
 * a field the product does not have (a low stock threshold of 5, no image descriptions) is not a
 * change the admin made.
 */
export function changesOf(product: Product & Partial<ProductVariants>, input: ProductInput): ProductUpdate {
  const update: Record<string, unknown> = { id: product.id };
  const shown = toProductInput(toFormValues(product)) as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(input)) {
    if (key !== 'options' && key !== 'variants' && !same(value, shown[key])) update[key] = value;
  }
  // Options and variants go together (the server checks one against the other), when either changed.
  if (input.variants && !(same(input.options ?? [], product.options ?? []) && sameVariants(input.variants, product.variants))) {
    update.options = input.options;
    update.variants = input.variants.map(({ stock, ...variant }) => {
      const was = variant.id === undefined ? undefined : product.variants?.find((v) => v.id === variant.id);
      return was && was.stock === stock ? variant : { ...variant, stock };
    });
  }
  return update as ProductUpdate;
}
