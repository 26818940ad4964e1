// The product form's broken values: one per range, whole-number, whole-cents and length rule of
// PRODUCT_FORM_RULES among the fields a new form shows, each with the message it must show.
import { PRODUCT_FORM_RULES, type ProductFormField } from '../domain/productFields';
import { LABELS, type ShownField } from './productForm';

export interface Broken {
  name: ShownField;
  value: string;
  shown: string;
  message: string;
}

const PRICE_AND_STOCK = new Set<string>(['price', 'discountPercentage', 'stock']);

/** The cases of price, discount and stock, or of every other field (the details' numbers and every length). */
export function brokenValues(kind: 'price and stock' | 'others'): Broken[] {
  const broken: Broken[] = [];
  const add = (name: ShownField, value: string, message: string) =>
    broken.push({ name, value, message, shown: value.length > 12 ? `${value.length} characters` : value });
  for (const [name, rule] of Object.entries(PRODUCT_FORM_RULES) as [ShownField, (typeof PRODUCT_FORM_RULES)[ProductFormField]][]) {
    // The places past the third are opened by "Add an image" (ProductImages.test.tsx).
    if (!(name in LABELS) || PRICE_AND_STOCK.has(name) !== (kind === 'price and stock')) continue;
    if (rule.min) add(name, String(rule.min.value - 1), rule.min.message);
    if (rule.max) add(name, String(rule.max.value + 1), rule.max.message);
    if (rule.integer) add(name, '1.5', rule.integer);
    if (rule.cents) add(name, '19.999', rule.cents);
    if (rule.maxLength) add(name, 'x'.repeat(rule.maxLength.value + 1), rule.maxLength.message);
  }
  return broken.filter(({ name }) => name !== 'brand' && name !== 'category');
}
