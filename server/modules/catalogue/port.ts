// The storage port's catalogue: product lists with json-server's semantics, products with their
// options and variants, categories and brands. Part of the Store (server/db/port.ts), whose
// contract it follows.
import type { FilterOption, Product, ProductNotify } from '../../../src/domain/types';
import type { FilterOptionField, ListQuery, Page, ProductListField, ValueCount } from '../../query/lists';
import type { ListedProduct, LockedProduct, ProductOption, Variant, VariantProduct, VariantsWrite } from './variantTypes';
import type { Tx } from '../../db/tx';

/**
 * A product to create: its fields, and its options and variants (none: one variant, options {},
 * the product's stock), and the staff's `notify` settings (none: all off).
 */
export type NewProduct = Omit<Product, 'id'> & Partial<VariantsWrite> & { notify?: ProductNotify };

/**
 * A product's changes: its fields and/or its options and variants together (replacing them). On
 * a product without options, `stock` (without `variants`) sets its only variant's stock.
 */
export type ProductChanges = Partial<Omit<Product, 'id'>> & Partial<VariantsWrite> & { notify?: ProductNotify };

/** A brand or a category as the back office lists it: how many products use it, deleted ones included. */
export interface TaxonomyItem extends FilterOption {
  id: number;
  products: number;
}
export type TaxonomyKind = 'brand' | 'category';

export interface CatalogueStore {
  // Catalogue.
  /** Lists carry the products' fields, as json-server answers them, with salePrice and priceVaries (no options or variants: productById has them). */
  listProducts(query: ListQuery<ProductListField>): Promise<Page<ListedProduct>>;
  /** How many products the query's q and filters select. */
  countProducts(query: ListQuery<ProductListField>): Promise<number>;
  /** How many products the query selects, by category or brand (values with none left out). */
  countProductsBy(field: 'category' | 'brand', query: ListQuery<ProductListField>): Promise<ValueCount[]>;
  /** The lowest and highest salePrice of the products the query selects; undefined when none. */
  salePriceRange(query: ListQuery<ProductListField>): Promise<{ min: number; max: number } | undefined>;
  /**
   * Up to `limit` products that are not deleted and whose title has, for each of `terms` (folded
   * by server/modules/catalogue/words.ts foldTerms), a word that starts with it; in id order.
   */
  suggestProducts(terms: readonly string[], limit: number): Promise<Pick<Product, 'id' | 'title' | 'thumbnail'>[]>;
  /**
   * A search's folded terms corrected for typos: each term no known word (of the products'
   * titles, brands and categories) contains replaced by the nearest known word; undefined when
   * none was replaced (pg/searchRanking.ts nearestWords).
   */
  correctSearch(terms: readonly string[]): Promise<string[] | undefined>;
  // Products come with their options and variants (./variants.ts).
  productById(id: number): Promise<VariantProduct | undefined>;
  /** The products among `ids` that exist, in any order; in `tx` when given. */
  productsByIds(ids: readonly number[], tx?: Tx): Promise<VariantProduct[]>;
  /** The product each SKU among `skus` belongs to (SKUs no variant has left out; compared as stored, case and all). */
  skuOwners(skus: readonly string[]): Promise<Map<string, number>>;
  /** The staff's `notify` settings of a product (admins' answers only); undefined when there is none. */
  productNotify(id: number): Promise<ProductNotify | undefined>;
  /** What a list of saved products shows of `productIds` (those that exist), and the variants among `variantIds` that exist; in any order. */
  productSummaries(productIds: readonly number[], variantIds: readonly number[]): Promise<{ products: ProductSummary[]; variants: VariantSummary[] }>;
  // The admin's product writes, in the transaction `tx` the catalogue's service opened. A write
  // naming a SKU another product has throws SkuTaken (roll back); SkuTaken may also come from
  // Store.transaction, when the database finds the SKU taken only at commit (a race).
  /** Adds the product: the product as stored. */
  insertProduct(tx: Tx, product: NewProduct): Promise<VariantProduct>;
  /** Adds the products (an import's new ones) with a few statements, not a few each: the products as stored, in the order given. */
  insertProducts(tx: Tx, products: readonly NewProduct[]): Promise<VariantProduct[]>;
  /**
   * Writes `changes` to `product` (locked by the caller with lockProducts, as it is now): the
   * product after (without `notify`), undefined when the changes change nothing (nothing written).
   */
  updateProduct(tx: Tx, product: LockedProduct, changes: ProductChanges): Promise<VariantProduct | undefined>;
  // A product import under way (../importJobs.ts): the ids of the products it added so far.
  /** A new import under way: its id. */
  openImportJob(): Promise<number>;
  /** Adds the ids of products a batch of import `job` added, in that batch's `tx`: false when the import was undone meanwhile. */
  addToImportJob(tx: Tx, job: number, ids: readonly number[]): Promise<boolean>;
  /** Import `job` is done, in its last `tx`: false when it was undone meanwhile. */
  closeImportJob(tx: Tx, job: number): Promise<boolean>;
  /** The imports under way last heard of more than `idleMs` ago (0: all). */
  idleImportJobs(idleMs: number): Promise<number[]>;
  /** Deletes up to `batch` of import `job`'s products (one transaction): how many are left (0: undone). */
  undoImportBatch(job: number, batch: number): Promise<number>;
  listCategories(query: ListQuery<FilterOptionField>): Promise<Page<FilterOption>>;
  listBrands(query: ListQuery<FilterOptionField>): Promise<Page<FilterOption>>;

  // The back office's brands and categories (./taxonomy.ts); the writes in the service's `tx`.
  /** Every brand or category in id order, with how many products (deleted ones included) use it. */
  listTaxonomy(kind: TaxonomyKind, tx?: Tx): Promise<TaxonomyItem[]>;
  /** One taxonomy write at a time per kind: the lock is held until `tx` ends. */
  lockTaxonomy(tx: Tx, kind: TaxonomyKind): Promise<void>;
  insertTaxonomy(tx: Tx, kind: TaxonomyKind, fields: { value: string; label: string }): Promise<TaxonomyItem>;
  updateTaxonomy(tx: Tx, kind: TaxonomyKind, id: number, fields: { value: string; label: string }): Promise<void>;
  deleteTaxonomy(tx: Tx, kind: TaxonomyKind, id: number): Promise<void>;
  /** Gives every product (deleted ones too) of value `from` the value `to`: the ids of those that moved, in id order. */
  moveTaxonomyProducts(tx: Tx, kind: TaxonomyKind, from: string, to: string): Promise<number[]>;

  // Stock, inside the transaction of an order's placing or change; locks, for a product write too.
  /**
   * The products among `ids` that exist, with their variants and `notify` (one read), locked
   * until `tx` ends; locked in id order, so two transactions that lock products never wait on
   * each other in a circle.
   */
  lockProducts(tx: Tx, ids: readonly number[]): Promise<LockedProduct[]>;
  /**
   * Takes each line's quantity from its variant, never below zero, never from a variant of a
   * deleted product or of another product (products.stock follows): the first line that could
   * not take it (nothing undone: the transaction must roll back), undefined when every line did.
   */
  takeStock(tx: Tx, lines: readonly { product: number; variant: number; quantity: number }[]): Promise<{ product: number; variant: number } | undefined>;
  /**
   * Adds each delta to its variant (deltas of one variant summed), never below zero: whether
   * every variant moved (false: one would have gone below zero, or is gone; roll back).
   */
  moveStock(tx: Tx, moves: readonly { variant: number; delta: number }[]): Promise<boolean>;
}

/**
 * A product as a list of saved products reads it: a few fields, its options, its lowest
 * displayed price over all its variants (`salePrice`) and over those in stock (`inStockPrice`,
 * null when none is).
 */
export type ProductSummary = Pick<Product, 'id' | 'title' | 'thumbnail' | 'brand' | 'price' | 'discountPercentage' | 'stock' | 'minimumOrderQuantity'> & {
  deleted: boolean;
  options: ProductOption[];
  salePrice: number;
  inStockPrice: number | null;
};

/** One variant without its product: `price`/`discountPercentage` null = the product's own. */
export type VariantSummary = Omit<Variant, 'image'> & { product: number };

// ---------------------------------------------------------------------------------------------
// Imports

/** A row of a product import: an update of the product with `id`, or a new product. */
export type ImportRow = { id: number; changes: Partial<Omit<Product, 'id'>> } | { id?: undefined; product: Omit<Product, 'id'> };

/** The products an import added, changed, and named but left as they were (the file had their values); or the ids it named that do not exist. */
export type ImportResult = { created: number[]; updated: number[]; unchanged: number[] } | { missing: number[] };
