// The storage port's prices: promotions as admins manage them, shipping methods and tax rates.
// Part of the Store interface of ./port.ts, kept here so each part stays readable.
import type { Promotion, ShippingMethod, TaxRate } from '../../../src/domain/checkout';
import type { Page } from '../../query/lists';
import type { AuditContext, PricingContext, PricingPlace, RedemptionRefused, Tx } from '../../db/records';

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

export interface PriceStore {
  /** What pricing `user`'s cart with `codes` for `place` reads (records.ts PricingContext). */
  pricingContext(user: number, codes: readonly string[], place?: PricingPlace, tx?: Tx): Promise<PricingContext>;
  /**
   * Counts order `order` of `user` as a use of each promotion in `ids`, in `tx`, each guarded by
   * its limits: undefined when all were counted; otherwise the first that could not be (its usage
   * limit reached, or the customer's), and nothing may be kept (roll back).
   */
  redeemPromotions(tx: Tx, ids: readonly number[], user: number, order: number): Promise<RedemptionRefused | undefined>;
  // Promotions as admins manage them (the reads that price and redeem them are promotionUse's). A
  // write naming a code another promotion has (whatever the case) throws PromotionCodeTaken, with
  // nothing changed; each write records `audit` in the same step.
  /** Newest first (id descending); `slice`: one page of them. */
  listPromotions(slice?: { start: number; end: number }): Promise<Page<Promotion>>;
  promotionById(id: number): Promise<Promotion | undefined>;
  createPromotion(fields: PromotionFields, audit?: AuditContext): Promise<Promotion>;
  /**
   * Sets the fields `change` computes from the promotion as it is, as one atomic step (its `used`
   * cannot move meanwhile); undefined when there is no such promotion. Synchronous `change`;
   * throws what it throws, with nothing changed.
   */
  updatePromotionWith(id: number, change: (promotion: Promotion) => PromotionFields, audit?: AuditContext): Promise<Promotion | undefined>;
  /** Removes the promotion (orders keep the snapshot they were charged); false when there was none. */
  deletePromotion(id: number, audit?: AuditContext): Promise<boolean>;
  /** The active automatic (codeless) promotion at `now` (epoch ms), within its dates and not used up, with the lowest id. */
  bannerPromotion(now: number): Promise<Promotion | undefined>;

  // Shipping methods and tax rates (server/modules/pricing/pg/shippingTax.ts). A tax rate write naming
  // a country and state (case-blind; null = the whole country) that has a rate throws
  // TaxRatePlaceTaken, with nothing changed.
  /** The country's shipping methods, cheapest first, then by id. */
  shippingMethods(country: string): Promise<ShippingMethod[]>;
  /** The tax rate (percent) of a place: the state's own rate (case-blind), else the country's, else 0. */
  taxRate(country: string, state?: string | null): Promise<number>;
  /** Every shipping method, by country, cheapest first. */
  listShippingMethods(): Promise<ShippingMethod[]>;
  shippingMethodById(id: number): Promise<ShippingMethod | undefined>;
  createShippingMethod(method: Omit<ShippingMethod, 'id'>, audit?: AuditContext): Promise<ShippingMethod>;
  /**
   * Sets the fields `change` computes from the method as it is, as one atomic step; undefined when
   * there is no such method. Synchronous `change`; throws what it throws, with nothing changed.
   */
  updateShippingMethod(id: number, change: (method: ShippingMethod) => Omit<ShippingMethod, 'id'>, audit?: AuditContext): Promise<ShippingMethod | undefined>;
  /** false when there was no such method. */
  deleteShippingMethod(id: number, audit?: AuditContext): Promise<boolean>;
  /** Every tax rate, by country, the whole country first, then by state. */
  listTaxRates(): Promise<TaxRate[]>;
  createTaxRate(rate: Omit<TaxRate, 'id'>, audit?: AuditContext): Promise<TaxRate>;
  /** As updateShippingMethod, for a tax rate (TaxRatePlaceTaken when its new place has a rate). */
  updateTaxRate(id: number, change: (rate: TaxRate) => Omit<TaxRate, 'id'>, audit?: AuditContext): Promise<TaxRate | undefined>;
  /** false when there was no such rate. */
  deleteTaxRate(id: number, audit?: AuditContext): Promise<boolean>;
}
