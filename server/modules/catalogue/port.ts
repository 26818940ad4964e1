// The storage port's catalogue: product lists with json-server's semantics, products with their
// options and variants, categories and brands. Part of the Store (server/db/port.ts), whose
// contract it follows.
import type { FilterOption, Product } from '../../../src/domain/types';
import type { FilterOptionField, ListQuery, Page, ProductListField, ValueCount } from '../../query/lists';
import type { ListedProduct, VariantProduct, VariantsWrite } from './variantTypes';
import type { AuditContext, ImportResult, ImportRow, Tx } from '../../db/records';

/** A product to create: its fields, and its options and variants (none: one variant, options {}, the product's stock). */
export type NewProduct = Omit<Product, 'id'> & Partial<VariantsWrite>;

/**
 * A product's changes: its fields and/or its options and variants together (replacing them). On
 * a product without options, `stock` (without `variants`) sets its only variant's stock.
 */
export type ProductChanges = Partial<Omit<Product, 'id'>> & Partial<VariantsWrite>;

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
  // Products come with their options and variants (./variants.ts); a write naming a SKU another
  // product has throws SkuTaken, with nothing changed.
  productById(id: number): Promise<VariantProduct | undefined>;
  /** The products among `ids` that exist, in any order. */
  productsByIds(ids: readonly number[]): Promise<VariantProduct[]>;
  createProduct(product: NewProduct, audit?: AuditContext): Promise<VariantProduct>;
  /** Sets the given fields; undefined when there is no such product. */
  updateProduct(id: number, changes: ProductChanges, audit?: AuditContext): Promise<VariantProduct | undefined>;
  /**
   * Sets the fields `change` computes from the product as it is, as one atomic step (no other
   * write to the product in between); throws what `change` throws, with nothing changed.
   * Synchronous `change`, which must not change the product it is given.
   */
  updateProductWith(id: number, change: (product: VariantProduct) => ProductChanges, audit?: AuditContext): Promise<VariantProduct | undefined>;
  /**
   * Creates and updates products as one unit (one audit entry each); `missing` (and nothing
   * changed) when an update names a product that does not exist.
   */
  importProducts(rows: readonly ImportRow[], audit: AuditContext): Promise<ImportResult>;
  listCategories(query: ListQuery<FilterOptionField>): Promise<Page<FilterOption>>;
  listBrands(query: ListQuery<FilterOptionField>): Promise<Page<FilterOption>>;

  // Stock, inside the transaction of an order's placing or change.
  /**
   * The products among `ids` that exist, with their variants, locked until `tx` ends; locked in
   * id order, so two transactions that lock products never wait on each other in a circle.
   */
  lockProducts(tx: Tx, ids: readonly number[]): Promise<VariantProduct[]>;
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
