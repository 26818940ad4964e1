// The wishlist and its alerts: a shopper saves products or variants, asks to be
// told when a sold-out variant is back ("Notify me"), and may turn alert mail off. The mail is
// written by the store with the change that causes it (server/modules/wishlist/port.ts); this service
// gives it the mail's wording and links once, and judges the requests.
import type { User } from '../../../src/domain/types';
import { variantPricing, variantSalePrice, type Variant } from '../../../src/domain/variants';
import { wishlistPrice, type StockAlert, type WishlistItem } from '../../../src/domain/wishlist';
import { withSalePrice } from '../../../src/domain/pricing';
import { badRequest, conflict, notFound } from '../../http/errors';
import { alertMailer } from '../mail/alertMessages';
import type { StoredUser } from '../../db/snapshot';
import type { StoredWishlistItem, Tx, VariantProduct, WishlistStore } from '../../db/port';
import type { CatalogueService } from '../catalogue/service';
import { parseId, requireObject } from '../../http/input';
import { publicProduct } from '../catalogue/publicProduct';
import { toPublicUser } from '../accounts/users';
import { readVariantRef, resolveVariant, variantName } from '../catalogue/variantRules';

const NO_PRODUCT = 'Choose a product of the shop';

function wishlistVariant(product: VariantProduct, variant: Variant): WishlistItem['variant'] {
  const { price } = variantPricing(product, variant);
  return { id: variant.id, sku: variant.sku, options: variant.options, price, salePrice: variantSalePrice(product, variant), stock: variant.stock };
}

export class WishlistService {
  constructor(
    private readonly store: WishlistStore,
    private readonly catalogue: CatalogueService,
    private readonly now: () => number,
    linkBase: string,
  ) {
    store.useAlertMailer(alertMailer(linkBase));
  }

  /** The product `raw` names when it can be saved (exists, not deleted), else the message for `product`. */
  private async product(raw: unknown): Promise<VariantProduct | string> {
    const id = parseId(raw);
    const product = id === undefined ? undefined : await this.catalogue.productById(id);
    if (!product) return id === undefined ? 'Product must be a product id' : NO_PRODUCT;
    if (product.deleted) return `"${product.title}" is no longer sold`;
    return product;
  }

  private answer(items: readonly StoredWishlistItem[], products: readonly VariantProduct[], viewer: number): WishlistItem[] {
    const byId = new Map(products.map((p) => [p.id, p]));
    return items.flatMap((item) => {
      const product = byId.get(item.product);
      if (!product) return [];
      const variant = item.variant === null ? null : product.variants.find((v) => v.id === item.variant);
      if (variant === undefined) return [];
      return [{ id: item.id, product: withSalePrice(publicProduct(product, viewer)), variant: variant && wishlistVariant(product, variant), createdAt: item.createdAt }];
    });
  }

  /** GET /wishlist: the caller's items, newest first. */
  async list(user: number): Promise<WishlistItem[]> {
    const items = await this.store.wishlistOf(user);
    return this.answer(items, await this.catalogue.productsByIds(items.map((i) => i.product)), user);
  }

  /** POST /wishlist {product, variant}: 201 the item; the same product and variant again → 409. */
  async add(user: number, input: unknown): Promise<WishlistItem> {
    const body = requireObject(input);
    const product = await this.product(body.product);
    if (typeof product === 'string') throw badRequest('Invalid wishlist item', { product });
    let variant: Variant | null = null;
    if (body.variant !== undefined && body.variant !== null) {
      const id = readVariantRef(body.variant);
      variant = product.variants.find((v) => v.id === id) ?? null;
      if (!variant) throw badRequest('Invalid wishlist item', { variant: `That choice of "${product.title}" is not sold` });
    }
    const item = await this.store.addWishlistItem({ user, product: product.id, variant: variant?.id ?? null, at: this.now(), price: wishlistPrice(product, variant) });
    if (!item) throw conflict(`"${variant ? variantName(product, variant) : product.title}" is in your wishlist already`);
    return this.answer([item], [product], user)[0];
  }

  /** DELETE /wishlist/:id: the caller's item (someone else's or unknown → 404). */
  async remove(user: number, rawId: string): Promise<void> {
    const id = parseId(rawId);
    if (id === undefined || !(await this.store.removeWishlistItem(user, id))) throw notFound('Wishlist item not found');
  }

  /** GET /stock-alerts: the caller's waiting subscriptions, newest first. */
  alerts(user: number): Promise<StockAlert[]> {
    return this.store.stockAlertsOf(user);
  }

  /**
   * POST /stock-alerts {product, variant} ("Notify me"): `variant` as the cart takes it (optional
   * on a product without options); 409 when it is in stock, or the caller is subscribed already.
   */
  async subscribe(user: number, input: unknown): Promise<StockAlert> {
    const body = requireObject(input);
    const product = await this.product(body.product);
    if (typeof product === 'string') throw badRequest('Invalid stock alert', { product });
    const resolved = resolveVariant(product, body.variant);
    if ('message' in resolved) throw badRequest('Invalid stock alert', { variant: resolved.message });
    const name = variantName(product, resolved.variant);
    const added = await this.store.addStockAlert({ user, product: product.id, variant: resolved.variant.id, at: this.now() });
    if (added === 'in stock') throw conflict(`"${name}" is in stock: you can order it now`);
    if (added === 'taken') throw conflict(`We will email you already when "${name}" is back in stock`);
    if (added === 'missing') throw badRequest('Invalid stock alert', { variant: `That choice of "${product.title}" is not sold` });
    return added;
  }

  /** DELETE /stock-alerts/:id: the caller's subscription (someone else's or unknown → 404). */
  async unsubscribe(user: number, rawId: string): Promise<void> {
    const id = parseId(rawId);
    if (id === undefined || !(await this.store.removeStockAlert(user, id))) throw notFound('Stock alert not found');
  }

  /** PUT /users/own/alerts {alerts}: whether back-in-stock and price-drop mail is sent → the user. */
  async setAlerts(me: StoredUser, input: unknown): Promise<User> {
    const { alerts } = requireObject(input);
    if (typeof alerts !== 'boolean') throw badRequest('Invalid alerts setting', { alerts: 'Alerts must be true or false' });
    const user = await this.store.setAlerts(me.id, alerts);
    if (!user) throw notFound('User not found');
    return toPublicUser(user);
  }

  /** After stock moved up for these products (an order cancelled, a return received): the back-in-stock mail, in `tx`. */
  alertsAfterStockMove(tx: Tx, productIds: readonly number[], at: number): Promise<void> {
    if (productIds.length === 0) return Promise.resolve();
    return this.store.alertsAfterStockMove(tx, productIds, at);
  }
}
