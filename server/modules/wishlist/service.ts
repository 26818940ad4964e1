// The wishlist and its alerts: a shopper saves products or variants, asks to be
// told when a sold-out variant is back ("Notify me"), and may turn alert mail off. The alert mail
// goes in the outbox with the change that causes it, in that change's transaction: a product
// write (CatalogueService tells this service of it) or stock an order gives back (OrderService
// asks for it).
import type { User } from '../../../src/domain/types';
import type { Variant } from '../../../src/domain/variants';
import { MAX_STOCK_ALERTS, MAX_WISHLIST_ITEMS, STOCK_ALERTS_FULL, WISHLIST_FULL, wishlistPrice, type StockAlert, type WishlistItem } from '../../../src/domain/wishlist';
import { badRequest, conflict, notFound } from '../../http/errors';
import { alertMailer, type AlertMailer } from '../mail/alertMessages';
import type { MailService } from '../mail/service';
import type { StoredUser } from '../../db/port';
import type { StoredWishlistItem, Tx, VariantProduct, WishlistStore } from '../../db/port';
import type { CatalogueService } from '../catalogue/service';
import { parseId, requireObject } from '../../http/input';
import type { Page } from '../../query/lists';
import { boundedPageOf } from '../../query/paging';
import { wishlistAnswer } from './answer';
import { toPublicUser, type UserService } from '../accounts/users';
import { readVariantRef, resolveVariant, variantName } from '../catalogue/variantRules';

const NO_PRODUCT = 'Choose a product of the shop';

export class WishlistService {
  private readonly catalogue: CatalogueService;
  private readonly mail: MailService;
  private readonly users: UserService;
  /** The alert mail, its links from the shop's public address. */
  private readonly mailer: AlertMailer;

  constructor(
    private readonly store: WishlistStore,
    deps: { catalogue: CatalogueService; mail: MailService; users: UserService },
    private readonly now: () => number,
    linkBase: string,
  ) {
    this.catalogue = deps.catalogue;
    this.mail = deps.mail;
    this.users = deps.users;
    this.mailer = alertMailer(linkBase);
  }

  /** The product `raw` names when it can be saved (exists, not deleted), else the message for `product`. */
  private async product(raw: unknown): Promise<VariantProduct | string> {
    const id = parseId(raw);
    const product = id === undefined ? undefined : await this.catalogue.productById(id);
    if (!product) return id === undefined ? 'Product must be a product id' : NO_PRODUCT;
    if (product.deleted) return `"${product.title}" is no longer sold`;
    return product;
  }

  /** The items as answers give them, each with the summary of its product and its saved choice (wishlistAnswer.ts). */
  private async answer(items: readonly StoredWishlistItem[]): Promise<WishlistItem[]> {
    const variants = items.flatMap((i) => (i.variant === null ? [] : [i.variant]));
    const summaries = await this.catalogue.productSummaries(
      items.map((i) => i.product),
      variants,
    );
    return wishlistAnswer(items, summaries);
  }

  /** GET /wishlist?_page=&_limit=: a page of the caller's items, newest first, and how many they have. */
  async page(user: number, query: Record<string, unknown>): Promise<Page<WishlistItem>> {
    const { items, total } = await this.store.wishlistPage(user, boundedPageOf(query));
    return { items: await this.answer(items), total };
  }

  /** POST /wishlist {product, variant}: 201 the item; the same product and variant again, or a full wishlist → 409. */
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
    const item = await this.store.addWishlistItem(
      { user, product: product.id, variant: variant?.id ?? null, at: this.now(), price: wishlistPrice(product, variant) },
      MAX_WISHLIST_ITEMS,
    );
    if (item === 'taken') throw conflict(`"${variant ? variantName(product, variant) : product.title}" is in your wishlist already`);
    if (item === 'full') throw conflict(WISHLIST_FULL);
    return (await this.answer([item]))[0];
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
    const added = await this.store.addStockAlert({ user, product: product.id, variant: resolved.variant.id, at: this.now() }, MAX_STOCK_ALERTS);
    if (added === 'in stock') throw conflict(`"${name}" is in stock: you can order it now`);
    if (added === 'taken') throw conflict(`We will email you already when "${name}" is back in stock`);
    if (added === 'full') throw conflict(STOCK_ALERTS_FULL);
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
    return toPublicUser(await this.users.setAlerts(me.id, alerts));
  }

  // The alerts, in the transaction of the change that causes them (the product's row locked by
  // it): a subscription is used up as its mail is written, a saved item remembers each new
  // price, so two changes at once never mail one shopper twice. Users with alerts off are not
  // mailed (their subscriptions are used up all the same: the moment passed).

  /**
   * After a change of `product` (as it is now, in `tx`; CatalogueService.onProductChanged):
   * every subscription to one of its variants that has stock now is used up and its subscriber
   * mailed (a subscription is only taken on a sold-out variant, so stock now means it came back);
   * every saved item of it whose price is now lower than the one it remembers is mailed, and
   * each remembers the price now. A deleted product mails nobody and keeps its subscriptions.
   */
  async alertsAfterProductWrite(tx: Tx, product: VariantProduct, at: number): Promise<void> {
    if (product.deleted) return;
    await this.backInStock(tx, product, at);
    await this.priceDrops(tx, product, at);
  }

  /** After stock moved up for these products (an order cancelled, a return received): the back-in-stock mail, in `tx`. */
  async alertsAfterStockMove(tx: Tx, productIds: readonly number[], at: number): Promise<void> {
    if (productIds.length === 0) return;
    const waiting = await this.store.productsWithAlerts(tx, productIds);
    if (waiting.length === 0) return;
    const products = (await this.catalogue.productsByIds(waiting, tx)).sort((a, b) => a.id - b.id);
    for (const product of products) {
      if (!product.deleted) await this.backInStock(tx, product, at);
    }
  }

  private async backInStock(tx: Tx, product: VariantProduct, at: number): Promise<void> {
    const inStock = product.variants.filter((v) => v.stock > 0).map((v) => v.id);
    if (inStock.length === 0) return;
    const subscribers = await this.store.takeStockAlerts(tx, product.id, inStock);
    for (const s of subscribers.sort((a, b) => a.email.localeCompare(b.email))) {
      const variant = product.variants.find((v) => v.id === s.variant)!;
      if (s.alerts) await this.mail.enqueue(tx, this.mailer.backInStock(s.email, product, variant), at);
    }
  }

  private async priceDrops(tx: Tx, product: VariantProduct, at: number): Promise<void> {
    for (const item of await this.store.lockSavedItems(tx, product.id)) {
      const variant = item.variant === null ? null : product.variants.find((v) => v.id === item.variant);
      if (variant === undefined) continue;
      const price = wishlistPrice(product, variant);
      if (price === item.lastPrice) continue;
      await this.store.setLastPrice(tx, item.id, price);
      if (price < item.lastPrice && item.alerts) await this.mail.enqueue(tx, this.mailer.priceDrop(item.email, product, variant, item.lastPrice, price), at);
    }
  }
}
