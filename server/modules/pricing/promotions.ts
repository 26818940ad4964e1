// Promotions as admins manage them (/api/admin/promotions) and the banner's promotion
// (GET /api/promotions/banner). Every field is checked (promotionFields.ts), with a message per field, before
// anything is written; cross-field rules (a percentage's 100 % ceiling, Ends at after Starts at,
// a usage limit not below the uses so far) are checked against the promotion as stored, locked in
// the write's transaction, so a PATCH of one field is judged with the others as stored.
import { promotionDefaults, type BannerPromotion, type Promotion } from '../../../src/domain/checkout';
import type { Order } from '../../../src/domain/types';
import { conflict, HttpError, notFound } from '../../http/errors';
import type { StoredUser } from '../../db/port';
import { PromotionCodeTaken, type Page, type PromotionFields, type PricingContext, type PricingPlace, type PricingStore, type RedemptionRefused, type Store, type Tx } from '../../db/port';
import type { CatalogueService } from '../catalogue/service';
import { auditBy, type AuditService } from '../backoffice/audit';
import { AuditedWrites, type AuditedRecords } from './auditedWrites';
import { reopenRefused } from './redemptions';
import { crossCheck, fail, LABELS, readFields, type Errors } from './promotionFields';
import { parseId, requireObject } from '../../http/input';
import { MAX_PAGE_SIZE, pageOf } from '../../query/paging';

/** The record as the audit log keeps it (without `used`, which orders change, not admins). */
function audited(p: Promotion): Record<string, unknown> {
  const { used: _used, ...fields } = p;
  void _used;
  return fields;
}

export class PromotionService {
  private readonly writes: AuditedWrites;
  private readonly promotions: AuditedRecords<Promotion, PromotionFields>;

  constructor(
    private readonly store: PricingStore & Pick<Store, 'transaction'>,
    private readonly catalogue: CatalogueService,
    audit: AuditService,
    private readonly now: () => number,
  ) {
    this.writes = new AuditedWrites(store, audit);
    this.promotions = {
      entity: 'promotion',
      insert: (tx, fields) => store.insertPromotion(tx, fields),
      lock: (tx, id) => store.lockPromotion(tx, id),
      update: (tx, id, fields) => store.updatePromotion(tx, id, fields),
      remove: (tx, id) => store.deletePromotion(tx, id),
      described: audited,
    };
  }

  /** GET /admin/promotions?_page=&_limit=: newest first (a bare query: the first MAX_PAGE_SIZE). */
  list(query: Record<string, unknown>): Promise<Page<Promotion>> {
    return this.store.listPromotions(pageOf(query) ?? { start: 0, end: MAX_PAGE_SIZE });
  }

  async get(idParam: string): Promise<Promotion> {
    const id = parseId(idParam);
    const found = id === undefined ? undefined : await this.store.promotionById(id);
    if (!found) throw notFound('No such promotion');
    return found;
  }

  /** POST /admin/promotions: name, label, kind and value required; the rest defaults. */
  async create(admin: StoredUser, bodyIn: unknown): Promise<Promotion> {
    const body = requireObject(bodyIn);
    const errors: Errors = {};
    const read = readFields(body, errors);
    for (const key of ['name', 'label', 'kind', 'value'] as const) {
      if (body[key] === undefined && !errors[key]) errors[key] = key === 'value' ? 'Value is required' : key === 'kind' ? 'Kind must be percentage or fixed' : `${LABELS[key]} is required`;
    }
    await this.checkReferences(read, errors);
    const fields = { ...promotionDefaults(), ...read } as PromotionFields;
    crossCheck(fields, 0, errors);
    fail(errors);
    return this.taken(() => this.writes.create(this.promotions, auditBy(admin, 'promotion.create', this.now()), fields));
  }

  /** PATCH /admin/promotions/:id: the given fields; the rules judged with the stored others. */
  async update(admin: StoredUser, idParam: string, bodyIn: unknown): Promise<Promotion> {
    const id = parseId(idParam);
    if (id === undefined) throw notFound('No such promotion');
    const body = requireObject(bodyIn);
    const errors: Errors = {};
    const read = readFields(body, errors);
    await this.checkReferences(read, errors);
    fail(errors);
    // Judged with the promotion as stored, locked (its `used` cannot move under the check).
    const updated = await this.taken(() =>
      this.writes.update(this.promotions, auditBy(admin, 'promotion.update', this.now()), id, (before) => {
        const { id: _id, used, ...stored } = before;
        void _id;
        const fields: PromotionFields = { ...stored, ...read };
        const crossErrors: Errors = {};
        crossCheck(fields, used, crossErrors);
        fail(crossErrors);
        return fields;
      }),
    );
    if (!updated) throw notFound('No such promotion');
    return updated;
  }

  /** DELETE /admin/promotions/:id: orders that carried it keep their snapshot. */
  async remove(admin: StoredUser, idParam: string): Promise<void> {
    const id = parseId(idParam);
    if (id === undefined || !(await this.writes.remove(this.promotions, auditBy(admin, 'promotion.delete', this.now()), id))) {
      throw notFound('No such promotion');
    }
  }

  /**
   * GET /promotions/banner: what the banner announces now to `user` (undefined: signed out), in
   * the words for them; undefined when nothing is on. Who gets the promotion (a member, or anyone
   * when it is for everyone) reads what they have: a members-only one's memberBannerText (never
   * the offer to join), a promotion for everyone its bannerText; who does not (no member) reads
   * the offer, its bannerText; each else the label.
   */
  async banner(user: Pick<StoredUser, 'member'> | undefined): Promise<BannerPromotion | undefined> {
    const p = await this.store.bannerPromotion(this.now());
    if (!p) return undefined;
    const has = !p.membersOnly || user?.member === true;
    const text = has && p.membersOnly ? (p.memberBannerText ?? p.label) : (p.bannerText ?? p.label);
    return { id: p.id, text, membersOnly: p.membersOnly, has };
  }

  /** A category's value became `to` (renamed, or merged into `to`): promotions that named it follow, in the catalogue's `tx`. */
  categoryMoved(tx: Tx, from: string, to: string): Promise<void> {
    return this.store.renamePromotionCategory(tx, from, to);
  }

  /** Categories are the shop's category names (slugs), products ids of products that exist. */
  private async checkReferences(read: Partial<PromotionFields>, errors: Errors): Promise<void> {
    if (read.categories && read.categories.length > 0) {
      const known = new Set(await this.catalogue.categoryValues());
      const unknown = read.categories.filter((c) => !known.has(c));
      if (unknown.length > 0) errors.categories = `No such ${unknown.length === 1 ? 'category' : 'categories'}: ${unknown.join(', ')}`;
    }
    if (read.products && read.products.length > 0) {
      const found = new Set((await this.catalogue.productsByIds(read.products)).map((p) => p.id));
      const unknown = read.products.filter((p) => !found.has(p));
      if (unknown.length > 0) errors.products = `No such ${unknown.length === 1 ? 'product' : 'products'}: ${unknown.join(', ')}`;
    }
  }

  /** A code another promotion has: 409 naming it. */
  private async taken<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (error instanceof PromotionCodeTaken) {
        const message = `Another promotion has the code ${error.code} (codes are the same whatever the case)`;
        throw new HttpError(409, message, { code: message });
      }
      throw error;
    }
  }

  // For quotes, and inside the transaction of an order's placing (OrderService.place).

  /** What pricing `user`'s cart or order with `codes` for `place` reads (README "Prices"); in `tx` when given. */
  pricingContext(user: number, codes: readonly string[], place: PricingPlace | undefined, tx?: Tx): Promise<PricingContext> {
    return this.store.pricingContext(user, codes, place, this.now(), tx);
  }

  /** Counts order `order` as a use of each of its promotions: the first refused (roll back), undefined when all were counted. */
  redeem(tx: Tx, promotions: readonly number[], user: number, order: number): Promise<RedemptionRefused | undefined> {
    return this.store.redeemPromotions(tx, promotions, user, order);
  }

  // In the transaction of an order's status change (OrderService.change; redemptions.ts).

  /** The order is being cancelled: the uses it held go back (each promotion's count and its customer's). */
  giveBack(tx: Tx, order: number): Promise<void> {
    return this.store.releasePromotions(tx, order);
  }

  /** The order leaves `cancelled`: its promotions are counted again, under their limits; 409 saying which limit stops it (roll back). */
  async takeAgain(tx: Tx, order: Pick<Order, 'id' | 'user' | 'promotions'>): Promise<void> {
    const promotions = order.promotions ?? [];
    const refused = await this.store.reclaimPromotions(tx, promotions.map((p) => p.id), order.user, order.id);
    if (refused) throw conflict(reopenRefused(order.id, refused, promotions));
  }
}
