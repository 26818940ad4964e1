// The seed's variants: db.json holds products only, as json-server serves them; when
// the seed is loaded (a first start, npm run db:reset, the generated catalogues) each product
// without variants gets those of its category, derived from its id alone (deterministic):
//  - shoes: EU sizes 40 to 45;
//  - tops and dresses: clothing sizes XS to XL, in two colours;
//  - sunglasses: three frame colours;
//  - phones: storage 128, 256 and 512 GB; laptops: memory 16 and 32 GB, the larger ones dearer;
//  - everything else: the one variant every product has (options {}, its stock).
// The product's stock is spread over its variants (their sum is the product's stock, so the
// catalogue's stock filters answer as json-server does on the file) and some are sold out. The
// first variant is at the product's own price, so the lowest price (salePrice) is the product's.
// A colour has a picture: the product's image whose index is the colour's among its values (the
// seed generator, scripts/seed.ts, draws a product's first images in its colours, in that order).
import type { Product } from '../../src/domain/types';
import { optionChoices, type ProductOption, type Variant, type VariantChoice } from '../../src/domain/variants';
import type { SnapshotProduct } from './snapshot';

const SHOE_SIZES = ['40', '41', '42', '43', '44', '45'];
const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const COLOURS = ['Black', 'White', 'Navy', 'Olive', 'Burgundy', 'Sand'];
const FRAME_COLOURS = ['Black', 'Tortoise', 'Gold', 'Silver'];

/** Options of a category, and what each value of the first option adds to the price (dollars). */
interface Recipe {
  options: ProductOption[];
  /** Added to the product's price for the first option's nth value (0 for the first). */
  surcharge?: (price: number, index: number) => number;
}

/** Two colours of the palette, picked by the product's id. */
const twoOf = (palette: readonly string[], id: number) => [palette[id % palette.length], palette[(id + 2) % palette.length]];

function recipe(p: Product): Recipe | undefined {
  switch (p.category) {
    case 'mens-shoes':
    case 'womens-shoes':
      return { options: [{ name: 'Size', values: SHOE_SIZES }] };
    case 'tops':
    case 'womens-dresses':
    case 'mens-shirts':
      return { options: [{ name: 'Size', values: CLOTHING_SIZES }, { name: 'Colour', values: twoOf(COLOURS, p.id) }] };
    case 'sunglasses':
      return { options: [{ name: 'Frame colour', values: FRAME_COLOURS.slice(0, 3).map((_, i) => FRAME_COLOURS[(p.id + i) % FRAME_COLOURS.length]) }] };
    case 'smartphones':
      // Each step up in storage: a tenth of the price more, at least $50, in whole dollars.
      return { options: [{ name: 'Storage', values: ['128 GB', '256 GB', '512 GB'] }], surcharge: (price, i) => i * Math.max(50, Math.round(price / 10)) };
    case 'laptops':
      return { options: [{ name: 'Memory', values: ['16 GB', '32 GB'] }], surcharge: (price, i) => i * Math.max(100, Math.round(price / 8)) };
    default:
      return undefined;
  }
}

/** The options the seed gives a product of `category` with id `id` ([] for one plain variant): the seed's descriptions and pictures name them. */
export function seedOptionsOf(category: string, id: number): ProductOption[] {
  return recipe({ category, id, price: 0 } as Product)?.options ?? [];
}

/** `stock` spread over `n` variants: about one in four sold out (never all while there is stock), the rest shared evenly. */
function spread(stock: number, n: number, id: number): number[] {
  const soldOut = Array.from({ length: n }, (_, i) => (id * 7 + i * 3) % 4 === 0);
  if (soldOut.every(Boolean)) soldOut[0] = false;
  const selling = soldOut.filter((s) => !s).length;
  let extra = stock % selling;
  return soldOut.map((s) => {
    if (s) return 0;
    const share = Math.floor(stock / selling) + (extra > 0 ? 1 : 0);
    extra = Math.max(0, extra - 1);
    return share;
  });
}

/** The SKU of a product's variant: SKU-<id>-<its values, upper case, letters and digits only>. */
const skuOf = (id: number, choice: VariantChoice) =>
  [`SKU-${id}`, ...Object.values(choice).map((v) => v.toUpperCase().replace(/[^A-Z0-9]/g, ''))].join('-');

/** The options and variants (without ids) the seed gives a product; undefined: its one plain variant. */
export function seedVariants(p: Product): { options: ProductOption[]; variants: Omit<Variant, 'id'>[] } | undefined {
  const r = recipe(p);
  if (!r) return undefined;
  const choices = optionChoices(r.options);
  const stock = spread(p.stock, choices.length, p.id);
  const first = r.options[0];
  const colour = r.options.find((o) => /colour/i.test(o.name));
  const variants = choices.map((options, i) => {
    const extra = r.surcharge ? r.surcharge(p.price, first.values.indexOf(options[first.name])) : 0;
    const image = colour && p.images.length > 0 ? { image: p.images[colour.values.indexOf(options[colour.name]) % p.images.length] } : {};
    return { sku: skuOf(p.id, options), options, price: extra > 0 ? Math.round((p.price + extra) * 100) / 100 : null, discountPercentage: null, stock: stock[i], ...image };
  });
  return { options: r.options, variants };
}

/**
 * The products with the seed's variants where their category has some and they have none yet,
 * numbered 1, 2, … in the products' order (past the file's own variant ids), so that the same
 * file always loads the same ids.
 */
export function withSeedVariants<P extends SnapshotProduct>(products: readonly P[]): P[] {
  let next = 1 + products.reduce((max, p) => (p.variants ?? []).reduce((m, v) => Math.max(m, v.id ?? 0), max), 0);
  return products.map((p) => {
    if (p.variants && p.variants.length > 0) return p;
    const derived = seedVariants(p);
    return derived ? { ...p, options: derived.options, variants: derived.variants.map((v) => ({ id: next++, ...v })) } : p;
  });
}
