// The storage port's pricing: promotions as admins manage them and as orders redeem them, shipping
// methods and tax rates.
// Part of the Store (server/db/port.ts), whose contract it follows.
import type { Promotion, ShippingMethod, TaxRate } from '../../../src/domain/checkout';
import type { Page } from '../../query/lists';
import type { Tx } from '../../db/tx';

/** A promotion's fields as admins write them (id and `used` are the database's). */
export type PromotionFields = Omit<Promotion, 'id' | 'used'>;

/** A promotion write named a code another promotion has, whatever the case. */
export class PromotionCodeTaken extends Error {
  constructor(readonly code: string) {
    super(`The code ${code} is taken`);
    this.name = 'PromotionCodeTaken';
  }
}

/** A tax rate write named a place (country, and state or null for the whole country) that has a rate already. */
export class TaxRatePlaceTaken extends Error {
  constructor(
    readonly country: string,
    readonly state: string | null,
  ) {
    super(`A tax rate for ${state === null ? country : `${state}, ${country}`} exists already`);
    this.name = 'TaxRatePlaceTaken';
  }
}

export interface PricingStore {
  /** What pricing `user`'s cart with `codes` for `place` at `at` (epoch ms: whether a membership is in force) reads (PricingContext, below). */
  pricingContext(user: number, codes: readonly string[], place: PricingPlace | undefined, at: number, tx?: Tx): Promise<PricingContext>;
  /**
   * Counts order `order` of `user` as a use of each promotion in `ids`, in `tx`, each guarded by
   * its limits: undefined when all were counted; otherwise the first that could not be (its usage
   * limit reached, or the customer's), and nothing may be kept (roll back).
   */
  redeemPromotions(tx: Tx, ids: readonly number[], user: number, order: number): Promise<RedemptionRefused | undefined>;
  /** Gives back every use order `order` holds, in `tx` (the transaction that cancels it): its redemptions and each promotion's count. */
  releasePromotions(tx: Tx, order: number): Promise<void>;
  /**
   * Counts order `order` of `user` (leaving `cancelled`) again as a use of each promotion in `ids`
   * that still exists and it does not hold, in `tx`, guarded as redeemPromotions: undefined when
   * all were counted; otherwise the first refused, and nothing may be kept (roll back).
   */
  reclaimPromotions(tx: Tx, ids: readonly number[], user: number, order: number): Promise<RedemptionRefused | undefined>;
  // Promotions as admins manage them (the reads that price and redeem them are promotionUse's).
  // The writes run in the transaction `tx` the service opened; a write naming a code another
  // promotion has (whatever the case) throws PromotionCodeTaken (roll back).
  /** Newest first (id descending); `slice`: one page of them. */
  listPromotions(slice?: { start: number; end: number }): Promise<Page<Promotion>>;
  promotionById(id: number): Promise<Promotion | undefined>;
  insertPromotion(tx: Tx, fields: PromotionFields): Promise<Promotion>;
  /** The promotion, locked until `tx` ends (its `used` cannot move meanwhile); undefined when there is none. */
  lockPromotion(tx: Tx, id: number): Promise<Promotion | undefined>;
  /** Sets the fields of a promotion the caller locked: the promotion after. */
  updatePromotion(tx: Tx, id: number, fields: PromotionFields): Promise<Promotion>;
  /** Removes the promotion (orders keep the snapshot they were charged): what was removed, undefined when there was none. */
  deletePromotion(tx: Tx, id: number): Promise<Promotion | undefined>;
  /** Every promotion's category `from` becomes `to` (once in each list), in the catalogue's `tx`. */
  renamePromotionCategory(tx: Tx, from: string, to: string): Promise<void>;
  /** The active automatic (codeless) promotion at `now` (epoch ms), within its dates and not used up, with the lowest id. */
  bannerPromotion(now: number): Promise<Promotion | undefined>;

  // Shipping methods and tax rates (server/modules/pricing/pg/shippingTax.ts). The writes run in
  // the transaction `tx` the service opened; a tax rate write naming a country and state
  // (case-blind; null = the whole country) that has a rate throws TaxRatePlaceTaken (roll back).
  /** The country's shipping methods, cheapest first, then by id. */
  shippingMethods(country: string): Promise<ShippingMethod[]>;
  /** The tax rate (percent) of a place: the state's own rate (case-blind), else the country's, else 0. */
  taxRate(country: string, state?: string | null): Promise<number>;
  /** Every shipping method, by country, cheapest first. */
  listShippingMethods(): Promise<ShippingMethod[]>;
  shippingMethodById(id: number): Promise<ShippingMethod | undefined>;
  insertShippingMethod(tx: Tx, method: Omit<ShippingMethod, 'id'>): Promise<ShippingMethod>;
  /** The method, locked until `tx` ends; undefined when there is none. */
  lockShippingMethod(tx: Tx, id: number): Promise<ShippingMethod | undefined>;
  /** Sets the fields of a method the caller locked: the method after. */
  updateShippingMethod(tx: Tx, id: number, method: Omit<ShippingMethod, 'id'>): Promise<ShippingMethod>;
  /** Removes the method: what was removed, undefined when there was none. */
  deleteShippingMethod(tx: Tx, id: number): Promise<ShippingMethod | undefined>;
  /** Every tax rate, by country, the whole country first, then by state. */
  listTaxRates(): Promise<TaxRate[]>;
  insertTaxRate(tx: Tx, rate: Omit<TaxRate, 'id'>): Promise<TaxRate>;
  /** The rate, locked until `tx` ends; undefined when there is none. */
  lockTaxRate(tx: Tx, id: number): Promise<TaxRate | undefined>;
  /** Sets the fields of a rate the caller locked: the rate after. */
  updateTaxRate(tx: Tx, id: number, rate: Omit<TaxRate, 'id'>): Promise<TaxRate>;
  /** Removes the rate: what was removed, undefined when there was none. */
  deleteTaxRate(tx: Tx, id: number): Promise<TaxRate | undefined>;
}

// ---------------------------------------------------------------------------------------------
// What pricing an order or a quote reads

/** Where an order or a quote ships to (tax and shipping methods). */
export interface PricingPlace {
  country: string;
  state?: string;
}

/** What pricing reads besides the lines (Store.pricingContext). */
export interface PricingContext {
  member: boolean;
  /** Every automatic promotion and those of the codes given, whatever their state. */
  promotions: Promotion[];
  /** How many orders of the user carry each promotion (by id; absent = 0). */
  customerUses: Record<number, number>;
  /** The place's shipping methods, cheapest first (none without a place). */
  shippingMethods: ShippingMethod[];
  /** The place's tax rate in percent (0 without a place). */
  taxRate: number;
}

/** A promotion an order could not count: its usage limit reached, or the customer's. */
export interface RedemptionRefused {
  promotion: number;
  limit: 'usage' | 'customer';
}

// ---------------------------------------------------------------------------------------------
// Redemptions as stored

/** An order that carried a promotion (db.json's `promotionRedemptions`). */
export interface PromotionRedemption {
  promotion: number;
  order: number;
  user: number;
}
