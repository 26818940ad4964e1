// The catalogue: products, categories and brands. Lists take json-server 0.17's query language
// (the API is specified by it), read by listQuery.ts into the store's ListQuery
// (server/db/port.ts). Every product answer carries `salePrice`, the price the shopper sees
// (price less discount, rounded to whole dollars), which lists filter and sort by like any field.
// Writes are admin-only (the route checks) and follow the product form's rules (server/http/validate.ts).
import type { AdminProduct, FilterOption, PricedProduct, Product, ProductFacets, Suggestions } from '../../../src/domain/types';
import { withLowestSalePrice as withSalePrice } from './variantRules';
import { assertValid, badRequest, notFound } from '../../http/errors';
import { readVariants } from './variantInput';
import { skuFree } from './skuFree';
import {
  FILTER_OPTION_FIELDS,
  type AuditContext,
  type CatalogueStore,
  type ImportResult,
  type ImportRow,
  type ProductChanges,
  type Store,
  type Tx,
  type VariantProduct,
} from '../../db/port';
import { foldTerms, foldWords, startsWords } from './words';
import type { StoredUser } from '../../db/port';
import { auditBy, type AuditService } from '../backoffice/audit';
import { ProductWrites, type ProductListener } from './writes';
import { publicProduct, withoutNotify } from './publicProduct';
import { productFacets } from './facets';
import { readNotify } from './notifyInput';
import { StockWatch, type StaffAlertListener } from './staffAlerts';
import { NOTIFY_OFF, type LockedProduct } from './variantTypes';
import { PRODUCT_DEFAULTS, readProduct } from '../../http/validate';
import { parseId, requireObject } from '../../http/input';
import { cleanQuery, listing, readList, type Listing } from '../../query/listQuery';
import { readProductList, withCorrection } from './productSearch';
import { AnswerCache } from './answerCache';

export type { Listing, PageLink } from '../../query/listQuery';

const SUGGESTIONS = 5;
const MAX_SUGGEST_QUERY = 100;

/** A new product from the checked fields of a form or an import: the rest defaulted. */
export const newProduct = (changes: Partial<Product>): Omit<Product, 'id'> => ({ ...PRODUCT_DEFAULTS, reviews: [], ...changes }) as Omit<Product, 'id'>;

export { skuFree, skuTakenMessage } from './skuFree';

export class CatalogueService {
  // Open to the module's other services (adminProducts.ts: a bulk change in one transaction).
  readonly writes: ProductWrites;
  /** The stock each order's transaction locked, for the staff's stock alerts (staffAlerts.ts). */
  private readonly watch = new StockWatch();

  /** Public reads' answers, kept while nothing changes (embedded driver only; answerCache.ts). */
  readonly answers: AnswerCache;

  constructor(
    private readonly store: CatalogueStore & Pick<Store, 'transaction' | 'changeCount'>,
    audit: AuditService,
    private readonly now: () => number,
  ) {
    this.writes = new ProductWrites(store, audit, now);
    this.answers = new AnswerCache(store, now);
  }

  /**
   * Calls `listener` after every change of an existing product (an admin's write, an import's,
   * a review's), inside the write's transaction: after the product is written and read again,
   * before its audit entry. A listener that throws rolls the write back.
   */
  onProductChanged(listener: ProductListener): void {
    this.writes.onChange(listener);
  }

  /**
   * Calls `listener` with each staff alert (staffAlerts.ts: a new review, a variant's stock
   * crossing its low-stock threshold or selling out, of a product whose `notify` asks for it),
   * inside the transaction of the change; a listener that throws rolls it back.
   */
  onStaffAlert(listener: StaffAlertListener): void {
    this.writes.onStaffAlert(listener);
  }

  /** GET /products: a `search` that finds nothing as typed is corrected (productSearch.ts): `corrected` says to what. */
  async listProducts(query: Record<string, unknown>): Promise<Listing<PricedProduct> & { corrected?: string }> {
    const read = readProductList(query);
    // A search's total may be an estimate on a large catalogue (X-Total-Count-Estimated).
    let estimated = false;
    const answer = await withCorrection(read.list, (terms) => this.store.correctSearch(terms), (list) =>
      listing({ ...read, list }, async (q) => {
        const page = await this.store.listProducts(q);
        estimated ||= page.estimated === true;
        return page;
      }),
    );
    return { ...answer, items: answer.items.map((p) => withSalePrice(publicProduct(p))), ...(estimated ? { estimated: true as const } : {}) };
  }

  /**
   * GET /products/facets: for the list's filters (sort and paging ignored), how many products
   * match, and what each filter group would leave given all the other filters (facets.ts).
   */
  facets(rawQuery: Record<string, unknown>): Promise<ProductFacets> {
    return productFacets(this.store, rawQuery);
  }

  /**
   * GET /products/suggest?q=: up to 5 products (not deleted), categories and brands with a word
   * starting with each word of q, case- and accent-blind (server/modules/catalogue/words.ts).
   */
  async suggest(rawQuery: Record<string, unknown>): Promise<Suggestions> {
    const q = rawQuery.q ?? '';
    if (typeof q !== 'string') throw badRequest('Search must be given once');
    if (q.length > MAX_SUGGEST_QUERY) throw badRequest('Invalid search', { q: `Search must be at most ${MAX_SUGGEST_QUERY} characters` });
    const terms = foldTerms(q);
    if (terms.length === 0) return { products: [], categories: [], brands: [] };
    const matching = (options: FilterOption[]) =>
      options
        .filter((o) => startsWords(foldWords(`${o.label} ${o.value}`), terms))
        .slice(0, SUGGESTIONS)
        .map(({ value, label }) => ({ value, label }));
    // One letter would match most of a big catalogue's titles: products from two on.
    const [products, categories, brands] = await Promise.all([
      terms.join('').length >= 2 ? this.store.suggestProducts(terms, SUGGESTIONS) : [],
      this.store.listCategories({}),
      this.store.listBrands({}),
    ]);
    return { products, categories: matching(categories.items), brands: matching(brands.items) };
  }

  listCategories(query: Record<string, unknown>): Promise<Listing<FilterOption>> {
    return listing(readList(cleanQuery(query), FILTER_OPTION_FIELDS), (q) => this.store.listCategories(q));
  }

  listBrands(query: Record<string, unknown>): Promise<Listing<FilterOption>> {
    return listing(readList(cleanQuery(query), FILTER_OPTION_FIELDS), (q) => this.store.listBrands(q));
  }

  /** One product by the id in the path (its exact decimal form), to an admin with `notify`; 404 otherwise. */
  async product(rawId: string, query: Record<string, unknown>, admin = false): Promise<PricedProduct | AdminProduct> {
    cleanQuery(query);
    const id = parseId(rawId);
    const [product, notify] = id === undefined ? [] : await Promise.all([this.store.productById(id), admin ? this.store.productNotify(id) : undefined]);
    if (!product) throw notFound();
    return withSalePrice(admin ? { ...product, notify: notify ?? NOTIFY_OFF } : publicProduct(product));
  }

  private async known() {
    const [brands, categories] = await Promise.all([this.store.listBrands({}), this.store.listCategories({})]);
    return { brands: brands.items.map((b) => b.value), categories: categories.items.map((c) => c.value) };
  }

  /** A new product: every field of the product form required, the rest defaulted. Audited. */
  async create(admin: StoredUser, input: unknown): Promise<AdminProduct> {
    const body = requireObject(input);
    const { changes, errors } = readProduct(body, await this.known());
    const variants = readVariants(body, undefined, errors, changes.images ?? []);
    const notify = { ...NOTIFY_OFF, ...readNotify(body, errors) };
    assertValid(errors, 'Invalid product');
    return withSalePrice(await skuFree(() => this.writes.create({ ...newProduct(changes), ...variants, notify }, auditBy(admin, 'product.create', this.now())), variants?.variants));
  }

  /** Checks and applies only the fields present (soft delete: { deleted: true }). Audited. */
  update(admin: StoredUser, rawId: string, input: unknown): Promise<AdminProduct> {
    return this.write(admin, rawId, input, false);
  }

  /**
   * PUT: PATCH's rules, but every field of the admin form is required (as for a new product);
   * the optional details (weight, warranty…, lowStockThreshold, deleted) are checked when sent
   * and otherwise kept; what the server keeps (id, rating, reviews, salePrice) is ignored.
   */
  replace(admin: StoredUser, rawId: string, input: unknown): Promise<AdminProduct> {
    return this.write(admin, rawId, input, true);
  }

  /** DELETE: the soft delete (deleted: true), audited as PATCH's; nothing to do for a deleted one. */
  async remove(admin: StoredUser, rawId: string): Promise<void> {
    const existing = await this.existing(rawId);
    if (existing.deleted) return;
    const product = await this.writes.change(existing.id, () => ({ deleted: true }), auditBy(admin, 'product.delete', this.now()));
    if (!product) throw notFound('Product not found');
  }

  private async existing(rawId: string) {
    const id = parseId(rawId);
    const existing = id === undefined ? undefined : await this.store.productById(id);
    if (!existing) throw notFound('Product not found');
    return existing;
  }

  private async write(admin: StoredUser, rawId: string, input: unknown, whole: boolean): Promise<AdminProduct> {
    const existing = await this.existing(rawId);
    const body = requireObject(input);
    const { changes, errors } = readProduct(body, { ...(whole ? {} : { existing }), ...(await this.known()) });
    // The settings sent, over the product's own as its write reads them under its lock.
    const notify = readNotify(body, errors);
    const variants = readVariants(body, existing, errors, changes.images ?? existing.images);
    // A product with options holds the sum of its variants' stock: the form's stock is not a
    // change of it (unless it names another number, which only the variants can set).
    if (!variants && existing.options.length > 0 && changes.stock !== undefined) {
      if (changes.stock !== existing.stock) errors.stock = "Stock of a product with options is each variant's: change it there";
      delete changes.stock;
    }
    assertValid(errors, 'Invalid product');
    const action = changes.deleted === true && !existing.deleted ? 'product.delete' : changes.deleted === false && existing.deleted ? 'product.restore' : 'product.update';
    const product = await skuFree(
      () => this.writes.change(existing.id, (locked) => ({ ...changes, ...variants, notify: { ...locked.notify, ...notify } }), auditBy(admin, action, this.now())),
      variants?.variants,
    );
    if (!product) throw notFound('Product not found');
    return withSalePrice(product);
  }

  /** Every product a GET /products query selects (its paging aside), in its order, `size` at a time. */
  async *productPages(rawQuery: Record<string, unknown>, size: number): AsyncGenerator<Product[]> {
    const { list } = readProductList(rawQuery);
    for (let start = 0; ; start += size) {
      const { items } = await this.store.listProducts({ ...list, slice: { start, end: start + size } });
      if (items.length > 0) yield items;
      if (items.length < size) return;
    }
  }

  /** Which product has each of `skus` (those some variant has; case as given): the import's check of its SKUs. */
  skuOwners(skus: readonly string[]): Promise<Map<string, number>> {
    return this.store.skuOwners(skus);
  }

  /** The brand and category values a product may have (the product rules check against them). */
  knownValues() {
    return this.known();
  }

  // Stock, inside the transaction of an order's placing, change or return (OrderService).

  /** The products among `ids` with their variants, locked in id order until `tx` ends (their stock remembered for the staff's alerts). */
  async lockProducts(tx: Tx, ids: readonly number[]): Promise<VariantProduct[]> {
    const locked = await this.store.lockProducts(tx, ids);
    this.watch.remember(tx, locked);
    return locked.map(withoutNotify);
  }

  /** Takes each line's quantity from its variant's stock: the first line that could not (roll back), undefined when all did. Staff alerted of crossings. */
  async takeStock(tx: Tx, lines: readonly { product: number; variant: number; quantity: number }[]): Promise<{ product: number; variant: number } | undefined> {
    const missing = await this.store.takeStock(tx, lines);
    if (!missing) await this.writes.tellStaff(tx, this.watch.moved(tx, lines.map((l) => ({ variant: l.variant, delta: -l.quantity }))), this.now());
    return missing;
  }

  /** Moves the variants' stock by the deltas (staff alerted of crossings); a move the service planned with the products locked cannot fail, so failing is a bug (thrown). */
  async moveStock(tx: Tx, moves: readonly { variant: number; delta: number }[]): Promise<void> {
    if (!(await this.store.moveStock(tx, moves))) throw new Error('the stock of a variant cannot move as planned');
    await this.writes.tellStaff(tx, this.watch.moved(tx, moves), this.now());
  }

  /** The products among `ids` that exist, with their options and variants, in any order; in `tx` when given. */
  productsByIds(ids: readonly number[], tx?: Tx): Promise<VariantProduct[]> {
    return this.store.productsByIds(ids, tx);
  }

  /** What a list of saved products shows of these products and variants (CatalogueStore.productSummaries). */
  productSummaries(productIds: readonly number[], variantIds: readonly number[]) {
    return this.store.productSummaries(productIds, variantIds);
  }

  /** The product with its options and variants (undefined when there is none). */
  productById(id: number): Promise<VariantProduct | undefined> {
    return this.store.productById(id);
  }

  /** The values of every category. */
  async categoryValues(): Promise<string[]> {
    return (await this.store.listCategories({})).items.map((c) => c.value);
  }

  /** Creates and updates products as one unit, one audit entry each (the back office's import). */
  importProducts(rows: readonly ImportRow[], audit: AuditContext): Promise<ImportResult> {
    return this.writes.import(rows, audit);
  }

  /** Undoes the product imports that did not finish, not heard of for `idleMs` (0: all; importJobs.ts): how many. */
  sweepImports(idleMs?: number): Promise<number> {
    return this.writes.sweepImports(idleMs);
  }

  /**
   * Sets the fields `change` computes from the product as it is, locked (a review's change of
   * the reviews and rating); what `change` throws is thrown, with nothing changed. Audited with
   * `audit`; undefined when there is no such product.
   */
  updateProductWith(id: number, change: (product: VariantProduct) => ProductChanges, audit?: AuditContext): Promise<LockedProduct | undefined> {
    return this.writes.change(id, change, audit);
  }
}
