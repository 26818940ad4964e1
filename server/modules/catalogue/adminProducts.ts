// The back office's products table (GET /api/admin/products) and its bulk actions (POST
// /api/admin/products/bulk). The table is the product list's page (its filters, search, sort and
// paging: service.ts listProducts), each product with its variants and the time of its newest
// audit entry, read for the whole page at once (one read each, never one per product). A bulk
// action changes every product it names in one transaction through writes.ts, each product audited
// as the single admin write would be, or none of them.
import { BULK_ACTIONS, MAX_BULK_IDS, type BulkAction, type BulkResult, type ProductTableRow } from '../../../src/domain/productTable';
import type { AuditAction } from '../../../src/domain/types';
import type { PricedProduct } from '../../../src/domain/types';
import { toNumber } from '../../../src/domain/fieldRule';
import { MAX_STOCK } from '../../../src/domain/productFields';
import { assertValid, HttpError, notFound } from '../../http/errors';
import { parseId, requireObject } from '../../http/input';
import type { Errors } from '../../http/validate';
import type { ProductChanges, StoredUser, VariantProduct } from '../../db/port';
import { auditBy, type AuditService } from '../backoffice/audit';
import type { CatalogueService, Listing } from './service';
import { withLowestSalePrice } from './variantRules';

const AUDITED: Record<BulkAction, AuditAction> = { delete: 'product.delete', restore: 'product.restore', category: 'product.update', brand: 'product.update' };
const PLURAL = { category: 'categories', brand: 'brands' } as const;

/** The bulk request's ids: 1 to MAX_BULK_IDS product ids (repeats counted once); undefined with errors.ids otherwise. */
function readIds(raw: unknown, errors: Errors): number[] | undefined {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_BULK_IDS) {
    errors.ids = `Choose 1 to ${MAX_BULK_IDS} products`;
    return undefined;
  }
  const ids = raw.map(parseId);
  if (ids.some((id) => id === undefined)) {
    errors.ids = 'Each product must be named by its id';
    return undefined;
  }
  return [...new Set(ids as number[])];
}

export class AdminProductService {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly audit: AuditService,
    private readonly now: () => number,
  ) {}

  /** GET /admin/products: a page of the product list (GET /products's query) as the table shows it. */
  async table(query: Record<string, unknown>): Promise<Listing<ProductTableRow> & { corrected?: string }> {
    const answer = await this.catalogue.listProducts(query);
    const ids = answer.items.map((p) => p.id);
    const [products, changed] = await Promise.all([this.catalogue.productsByIds(ids), this.audit.productsLastChanged(ids)]);
    const variantsOf = new Map(products.map((p) => [p.id, p]));
    const items = answer.items.map((p): ProductTableRow => {
      const full = variantsOf.get(p.id);
      return {
        id: p.id,
        title: p.title,
        thumbnail: p.thumbnail,
        brand: p.brand,
        category: p.category,
        price: p.price,
        discountPercentage: p.discountPercentage,
        salePrice: p.salePrice,
        stock: p.stock,
        deleted: p.deleted === true,
        options: full?.options ?? [],
        variants: full?.variants ?? [],
        lastChangedAt: changed.get(p.id) ?? null,
      };
    });
    return { ...answer, items };
  }

  /**
   * POST /admin/products/bulk {action, ids, value?}: every product changed, or none. 400 for an
   * unknown action, no ids (or too many, or not ids), an unknown category or brand; 409 naming
   * the ids of products that do not exist.
   */
  async bulk(admin: StoredUser, input: unknown): Promise<BulkResult> {
    const body = requireObject(input);
    const errors: Errors = {};
    const action = BULK_ACTIONS.find((a) => a === body.action);
    if (!action) errors.action = `Action must be one of ${BULK_ACTIONS.join(', ')}`;
    const ids = readIds(body.ids, errors);
    // A product already as asked is left as it is (no write, no audit entry), as a single write does.
    let change: (product: VariantProduct) => ProductChanges | undefined = () => undefined;
    if (action === 'delete' || action === 'restore') {
      const deleted = action === 'delete';
      change = (p) => ((p.deleted === true) === deleted ? undefined : { deleted });
    } else if (action) {
      const value = typeof body.value === 'string' ? body.value.trim() : '';
      const known = (await this.catalogue.knownValues())[PLURAL[action]];
      const label = action === 'category' ? 'Category' : 'Brand';
      if (!value) errors.value = `Choose a ${action}`;
      else if (!known.includes(value)) errors.value = `${label} must be one of the listed ${PLURAL[action]}`;
      change = (p) => (p[action] === value ? undefined : { [action]: value });
    }
    assertValid(errors, 'Invalid bulk action');
    const result = await this.catalogue.writes.changeAll(ids!, change, auditBy(admin, AUDITED[action!], this.now()));
    if ('missing' in result) {
      const message = `Nothing was changed: no product with id ${result.missing.join(', ')}`;
      throw new HttpError(409, message, { ids: message });
    }
    return result;
  }

  /**
   * PATCH /admin/products/:id/variants/:variantId {stock}: sets one variant's stock, the others
   * as they are when the product is locked (an order's take in between is kept), audited as the
   * product's PATCH. 400 errors.stock for a stock that is not a whole number from 0; 404 for a
   * product or variant that does not exist (a variant of another product included).
   */
  async setVariantStock(admin: StoredUser, rawId: string, rawVariant: string, input: unknown): Promise<PricedProduct> {
    const body = requireObject(input);
    const raw = typeof body.stock === 'string' ? body.stock.trim() : body.stock;
    const stock = typeof raw === 'boolean' || raw === '' ? NaN : toNumber(raw);
    if (!Number.isInteger(stock) || stock < 0 || stock > MAX_STOCK) assertValid({ stock: 'Stock must be a whole number of 0 or more' }, 'Invalid stock');
    const id = parseId(rawId);
    const variant = parseId(rawVariant);
    const product =
      id === undefined
        ? undefined
        : await this.catalogue.updateProductWith(
            id,
            (p) => {
              if (!p.variants.some((v) => v.id === variant)) throw notFound('Variant not found');
              return { options: p.options, variants: p.variants.map((v) => (v.id === variant ? { ...v, stock } : v)) };
            },
            auditBy(admin, 'product.update', this.now()),
          );
    if (!product) throw notFound('Product not found');
    return withLowestSalePrice(product);
  }
}
