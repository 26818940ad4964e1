// The catalogue: products, categories and brands. Lists take json-server 0.17's query language
// (the API is specified by it): field=value filters (repeated keys OR-ed), field_ne / _gte / _lte,
// q, _sort/_order, _page/_limit, _start/_end/_limit; this file reads a query into the store's
// ListQuery (server/store/port.ts), which every adapter answers the same way.
// Writes are admin-only (the route checks) and follow the SPEC §5 product rules (server/validate.ts).
import type { FilterOption, Product, ProductFacets, Suggestions } from '../../src/types';
import { assertValid, badRequest, notFound } from '../errors';
import {
  FILTER_OPTION_FIELDS,
  PRODUCT_FIELDS,
  type ListFilter,
  type ListQuery,
  type Page,
  type ProductListField,
  type Store,
} from '../store/port';
import { foldTerms, foldWords, startsWords } from '../words';
import type { StoredUser } from '../model';
import { auditBy } from './audit';
import { PRODUCT_DEFAULTS, readProduct } from '../validate';
import { parseId, requireObject } from './input';

const SUGGESTIONS = 5;
const MAX_SUGGEST_QUERY = 100;

/** Keys that take one value; json-server's other `_` keys are dropped. */
const SINGLE_VALUE = new Set(['q', '_sort', '_order', '_page', '_limit', '_start', '_end']);

type Query = Record<string, string | string[]>;

/**
 * Keeps only the query keys the catalogue supports. Drops json-server's _embed/_expand (they
 * could pull other collections in), _delay and any other `_` key; refuses `_like` (a regex
 * from the client) and values that are not plain strings.
 */
function cleanQuery(raw: Record<string, unknown>): Query {
  const clean: Query = {};
  for (const [key, value] of Object.entries(raw)) {
    if (SINGLE_VALUE.has(key)) {
      if (typeof value !== 'string') throw badRequest(`${key} must be given once`);
      clean[key] = value;
    } else if (key.startsWith('_') || key === 'callback') {
      continue;
    } else if (key.endsWith('_like')) {
      throw badRequest(`${key}: _like filters are not supported; use q`);
    } else if (typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))) {
      clean[key] = value as string | string[];
    } else {
      throw badRequest(`${key} must be a plain value`);
    }
  }
  return clean;
}

/** Page numbers for a Link header (json-server's utils.getPage). */
export interface PageLinks {
  current?: number;
  first?: number;
  prev?: number;
  next?: number;
  last?: number;
}

/** A list answer: the items, the count for X-Total-Count and, for `_page`, the Link pages. */
export interface Listing<T> extends Page<T> {
  links?: PageLinks;
}

const OPERATORS = { _ne: 'ne', _gte: 'gte', _lte: 'lte' } as const;

/**
 * The storefront's facet filters. They are checked (a number from 0, given once: else 400) and
 * price_gte / price_lte compare the price the shopper sees (SPEC §9), not the stored `price`.
 */
const FACET_FILTERS: Record<string, { field: ProductListField; op: 'gte' | 'lte' }> = {
  price_gte: { field: 'salePrice', op: 'gte' },
  price_lte: { field: 'salePrice', op: 'lte' },
  rating_gte: { field: 'rating', op: 'gte' },
  stock_gte: { field: 'stock', op: 'gte' },
};

/** The facet filters of `query`, checked, and the rest of the query. */
function readFacetFilters(query: Query): { facetFilters: ListFilter<ProductListField>[]; rest: Query } {
  const rest = { ...query };
  const errors: Record<string, string> = {};
  const filters: ListFilter<ProductListField>[] = [];
  for (const [key, { field, op }] of Object.entries(FACET_FILTERS)) {
    const value = query[key];
    if (value === undefined) continue;
    delete rest[key];
    if (typeof value !== 'string' || !/^\d{1,9}(\.\d{1,6})?$/.test(value.trim())) errors[key] = `${key} must be a number from 0`;
    else filters.push({ field, op, values: [String(Number(value))] });
  }
  assertValid(errors, 'Invalid filter');
  return { facetFilters: filters, rest };
}

/**
 * The store query for `query`, as json-server's router reads it. A condition on a field the
 * store does not list by (another field, a nested path, images, reviews) is ignored: json-server
 * also ignores an equality filter on a field no record has.
 */
function readList<F extends string>(query: Query, fields: readonly F[], extra: ListFilter<F>[] = []) {
  const known = new Set<string>(fields);
  const isField = (key: string): key is F => known.has(key);
  const one = (key: string) => query[key] as string | undefined;
  const list: ListQuery<F> = {};

  const filters: ListFilter<F>[] = [...extra];
  for (const [key, value] of Object.entries(query)) {
    if (SINGLE_VALUE.has(key)) continue;
    const suffix = /_(?:ne|gte|lte)$/.exec(key)?.[0] as keyof typeof OPERATORS | undefined;
    const field = suffix ? key.slice(0, -suffix.length) : key;
    if (!isField(field)) continue;
    filters.push({ field, op: suffix ? OPERATORS[suffix] : 'eq', values: ([] as string[]).concat(value) });
  }
  if (filters.length > 0) list.filters = filters;
  if (one('q')) list.q = one('q');

  // lodash orderBy: 'desc' (any case) per key, anything else ascending. Sorting by a field no
  // record has changes nothing, so such keys are left out with their order.
  const sortKeys = one('_sort')?.split(',') ?? [];
  const orders = (one('_order') || '').split(',').map((s) => s.toLowerCase());
  const sort = sortKeys.flatMap((key, i) => (isField(key) ? [{ field: key, order: orders[i] === 'desc' ? ('desc' as const) : ('asc' as const) }] : []));
  if (sort.length > 0) list.sort = sort;

  const int = (value: string | undefined) => parseInt(value ?? '', 10);
  let paging: { page: number; perPage: number } | undefined;
  if (one('_page')) {
    const page = int(one('_page')) >= 1 ? int(one('_page')) : 1;
    const perPage = int(one('_limit')) || 10;
    paging = { page, perPage };
    list.slice = { start: (page - 1) * perPage, end: page * perPage };
  } else if (one('_end')) {
    list.slice = { start: int(one('_start')) || 0, end: int(one('_end')) || 0 };
  } else if (one('_limit')) {
    const start = int(one('_start')) || 0;
    list.slice = { start, end: start + int(one('_limit')) || 0 }; // NaN counts as 0 (lodash)
  }
  return { list, paging };
}

/** GET /products' query read: json-server's language plus the facet filters. */
function readProductList(rawQuery: Record<string, unknown>) {
  const { facetFilters, rest } = readFacetFilters(cleanQuery(rawQuery));
  return readList(rest, PRODUCT_FIELDS as readonly ProductListField[], facetFilters);
}

async function listing<T, F extends string>(
  { list, paging }: ReturnType<typeof readList<F>>,
  fetch: (query: ListQuery<F>) => Promise<Page<T>>,
): Promise<Listing<T>> {
  const { items, total } = await fetch(list);
  if (!paging || items.length === 0) return { items, total };
  const { page, perPage } = paging;
  const links: PageLinks = {};
  if (page > 1) links.prev = page - 1;
  if (page * perPage < total) links.next = page + 1;
  if (items.length !== total) {
    links.current = page;
    links.first = 1;
    links.last = Math.ceil(total / perPage);
  }
  return { items, total, links };
}

/** A new product from the checked fields of a form or an import: the rest defaulted. */
export const newProduct = (changes: Partial<Product>): Omit<Product, 'id'> => ({ ...PRODUCT_DEFAULTS, reviews: [], ...changes }) as Omit<Product, 'id'>;

export class CatalogueService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number,
  ) {}

  listProducts(query: Record<string, unknown>): Promise<Listing<Product>> {
    return listing(readProductList(query), (q) => this.store.listProducts(q));
  }

  /**
   * GET /products/facets: for the list's filters (sort and paging ignored), how many products
   * match, and what each filter group would leave given all the other filters: the categories
   * and brands with their counts (every known one, 0 included), the displayed price range, and
   * how many are in stock.
   */
  async facets(rawQuery: Record<string, unknown>): Promise<ProductFacets> {
    const { list } = readProductList(rawQuery);
    const filters = list.filters ?? [];
    const without = (field: ProductListField, add: ListFilter<ProductListField>[] = []): ListQuery<ProductListField> => ({
      q: list.q,
      filters: [...filters.filter((f) => f.field !== field), ...add],
    });
    const [total, byCategory, byBrand, price, inStock, categories, brands] = await Promise.all([
      this.store.countProducts({ q: list.q, filters }),
      this.store.countProductsBy('category', without('category')),
      this.store.countProductsBy('brand', without('brand')),
      this.store.salePriceRange(without('salePrice')),
      this.store.countProducts(without('stock', [{ field: 'stock', op: 'gte', values: ['1'] }])),
      this.store.listCategories({}),
      this.store.listBrands({}),
    ]);
    const counted = (options: FilterOption[], counts: { value: string; count: number }[]) => {
      const of = new Map(counts.map((c) => [c.value, c.count]));
      return options.map((o) => ({ value: o.value, label: o.label, count: of.get(o.value) ?? 0 }));
    };
    return {
      total,
      categories: counted(categories.items, byCategory),
      brands: counted(brands.items, byBrand),
      price: price ?? null,
      inStock,
    };
  }

  /**
   * GET /products/suggest?q=: up to 5 products (not deleted), categories and brands with a word
   * starting with each word of q, case- and accent-blind (server/words.ts).
   */
  async suggest(rawQuery: Record<string, unknown>): Promise<Suggestions> {
    const q = rawQuery.q ?? '';
    if (typeof q !== 'string') throw badRequest('q must be given once');
    if (q.length > MAX_SUGGEST_QUERY) throw badRequest('Invalid q', { q: `q must be at most ${MAX_SUGGEST_QUERY} characters` });
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

  /** One product by the id in the path (its exact decimal form); 404 otherwise. */
  async product(rawId: string, query: Record<string, unknown>): Promise<Product> {
    cleanQuery(query);
    const id = parseId(rawId);
    const product = id === undefined ? undefined : await this.store.productById(id);
    if (!product) throw notFound();
    return product;
  }

  private async known() {
    const [brands, categories] = await Promise.all([this.store.listBrands({}), this.store.listCategories({})]);
    return { brands: brands.items.map((b) => b.value), categories: categories.items.map((c) => c.value) };
  }

  /** A new product: every form field required (SPEC §5), the rest defaulted. Audited. */
  async create(admin: StoredUser, input: unknown): Promise<Product> {
    const { changes, errors } = readProduct(requireObject(input), await this.known());
    assertValid(errors, 'Invalid product');
    return this.store.createProduct(newProduct(changes), auditBy(admin, 'product.create', this.now()));
  }

  /** Checks and applies only the fields present (soft delete: { deleted: true }). Audited. */
  async update(admin: StoredUser, rawId: string, input: unknown): Promise<Product> {
    const id = parseId(rawId);
    const existing = id === undefined ? undefined : await this.store.productById(id);
    if (!existing) throw notFound('Product not found');
    const { changes, errors } = readProduct(requireObject(input), { existing, ...(await this.known()) });
    assertValid(errors, 'Invalid product');
    const action = changes.deleted === true && !existing.deleted ? 'product.delete' : changes.deleted === false && existing.deleted ? 'product.restore' : 'product.update';
    const product = await this.store.updateProduct(existing.id, changes, auditBy(admin, action, this.now()));
    if (!product) throw notFound('Product not found');
    return product;
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

  /** The brand and category values a product may have (the product rules check against them). */
  knownValues() {
    return this.known();
  }
}
