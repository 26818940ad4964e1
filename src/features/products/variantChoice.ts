// The product page's choice of a variant, as pure rules (the hook useVariantChoice keeps it in
// state and in the URL). Options are chosen top-down: a value counts as available when a variant
// in stock has it together with the values chosen in the options ABOVE it. Judging a value
// against the options below as well could lock a shopper out (S/Red and M/Blue in stock: from
// S/Red neither M nor Blue could be picked); top-down, the first option always offers every value
// that is in stock somewhere, and a later choice the new combination no longer has is cleared.
import type { Product } from '../../domain/types';
import { variantPricing, variantSalePrice, type ProductOption, type Variant, type VariantChoice } from '../../domain/variants';

type Stocked = Pick<Variant, 'options' | 'stock'>;

/** How a value can be chosen: in stock, sold out, or no variant has it with the choice above. */
export type ValueState = 'available' | 'soldOut' | 'unavailable';

/** The variants whose options agree with every value of a (partial) choice. */
export function matchingVariants<V extends Stocked>(variants: readonly V[], choice: VariantChoice): V[] {
  const entries = Object.entries(choice);
  return variants.filter((variant) => entries.every(([name, value]) => variant.options[name] === value));
}

/** The values chosen for the options above `index`. */
function choiceAbove(options: readonly ProductOption[], choice: VariantChoice, index: number): VariantChoice {
  const above: VariantChoice = {};
  for (const option of options.slice(0, index)) {
    if (choice[option.name] !== undefined) above[option.name] = choice[option.name];
  }
  return above;
}

/** Whether `value` of option `index` can be chosen with the values chosen above it. */
export function valueState(
  options: readonly ProductOption[],
  variants: readonly Stocked[],
  choice: VariantChoice,
  index: number,
  value: string,
): ValueState {
  const candidates = matchingVariants(variants, { ...choiceAbove(options, choice, index), [options[index].name]: value });
  if (candidates.length === 0) return 'unavailable';
  return candidates.some((variant) => variant.stock > 0) ? 'available' : 'soldOut';
}

/**
 * The choice after picking `value` for option `index`: the options above keep their values, those
 * below keep theirs while the new combination still has them (in stock or sold out: a sold-out
 * variant can be chosen, to ask to be told when it is back), and are cleared otherwise.
 */
export function chooseValue(
  options: readonly ProductOption[],
  variants: readonly Stocked[],
  choice: VariantChoice,
  index: number,
  value: string,
): VariantChoice {
  const next: VariantChoice = { ...choiceAbove(options, choice, index), [options[index].name]: value };
  for (let below = index + 1; below < options.length; below += 1) {
    const kept = choice[options[below].name];
    if (kept !== undefined && valueState(options, variants, next, below, kept) !== 'unavailable') next[options[below].name] = kept;
  }
  return next;
}

/** The first choice on a page without one in its URL: options with a single value are chosen. */
export function initialChoice(options: readonly ProductOption[]): VariantChoice {
  return Object.fromEntries(options.filter((option) => option.values.length === 1).map((option) => [option.name, option.values[0]]));
}

/** The names of the options still to choose, in the product's order. */
export function missingOptions(options: readonly ProductOption[], choice: VariantChoice): string[] {
  return options.filter((option) => choice[option.name] === undefined).map((option) => option.name);
}

/** "Size", "Size and Colour", "Size, Colour and Storage": the options to choose, as a person reads them. */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The picture of a (partial) choice: the image every variant matching it shares (a colour's, with
 * its size still to choose), undefined when they show different ones or none.
 */
export function shownImage(variants: readonly Pick<Variant, 'options' | 'image'>[], choice: VariantChoice): string | undefined {
  const images = new Set(variants.filter((v) => Object.entries(choice).every(([name, value]) => v.options[name] === value)).map((v) => v.image ?? undefined));
  return images.size === 1 ? [...images][0] : undefined;
}

type Priced = Pick<Product, 'price' | 'discountPercentage'>;
type PricedVariant = Pick<Variant, 'price' | 'discountPercentage'>;

/**
 * The price a product page shows: the chosen variant's (its own price and discount, the
 * product's standing in for null); before a full choice, the lowest displayed price of the
 * variants, as "from" when their displayed prices differ.
 */
export function shownPricing(product: Priced, variants: readonly PricedVariant[], chosen: PricedVariant | undefined): { pricing: Priced; from: boolean } {
  if (chosen) return { pricing: variantPricing(product, chosen), from: false };
  if (variants.length === 0) return { pricing: product, from: false };
  const prices = variants.map((variant) => variantSalePrice(product, variant));
  const lowest = Math.min(...prices);
  return { pricing: variantPricing(product, variants[prices.indexOf(lowest)]), from: prices.some((price) => price !== lowest) };
}
