// The prices' part of the postgres adapter (server/modules/pricing/port.ts): shipping methods and tax
// rates (shippingTax.ts), promotions as admins manage them (promotions.ts). A mixin over PgBase,
// so PgStore (pgStore.ts) is the sum of its parts and each part stays readable.
import type { Promotion, ShippingMethod, TaxRate } from '../../../../src/domain/checkout';
import type { AuditContext, Page, PromotionFields } from '../../../db/port';
import type { PgClass } from '../../../db/pgBase';
import * as promotions from './promotions';
import * as shippingTax from './shippingTax';

export function withPrices<T extends PgClass>(Base: T) {
  return class PgPrices extends Base {
    // --- Shipping methods and tax rates (shippingTax.ts) -----------------------------------------

    shippingMethods(country: string): Promise<ShippingMethod[]> {
      return shippingTax.shippingMethodsFor(this.db, country);
    }
    taxRate(country: string, state?: string | null): Promise<number> {
      return shippingTax.taxRateFor(this.db, country, state);
    }
    listShippingMethods(): Promise<ShippingMethod[]> {
      return shippingTax.listShippingMethods(this.db);
    }
    shippingMethodById(id: number): Promise<ShippingMethod | undefined> {
      return shippingTax.shippingMethodById(this.db, id);
    }
    createShippingMethod(method: Omit<ShippingMethod, 'id'>, audit?: AuditContext): Promise<ShippingMethod> {
      return shippingTax.createShippingMethod(this.db, method, audit);
    }
    updateShippingMethod(id: number, change: (method: ShippingMethod) => Omit<ShippingMethod, 'id'>, audit?: AuditContext): Promise<ShippingMethod | undefined> {
      return shippingTax.updateShippingMethod(this.db, id, change, audit);
    }
    deleteShippingMethod(id: number, audit?: AuditContext): Promise<boolean> {
      return shippingTax.deleteShippingMethod(this.db, id, audit);
    }
    listTaxRates(): Promise<TaxRate[]> {
      return shippingTax.listTaxRates(this.db);
    }
    createTaxRate(rate: Omit<TaxRate, 'id'>, audit?: AuditContext): Promise<TaxRate> {
      return shippingTax.createTaxRate(this.db, rate, audit);
    }
    updateTaxRate(id: number, change: (rate: TaxRate) => Omit<TaxRate, 'id'>, audit?: AuditContext): Promise<TaxRate | undefined> {
      return shippingTax.updateTaxRate(this.db, id, change, audit);
    }
    deleteTaxRate(id: number, audit?: AuditContext): Promise<boolean> {
      return shippingTax.deleteTaxRate(this.db, id, audit);
    }

    // --- Promotions as admins manage them (promotions.ts) ---------------------------------------

    listPromotions(slice?: { start: number; end: number }): Promise<Page<Promotion>> {
      return promotions.listPromotions(this.db, slice);
    }
    promotionById(id: number): Promise<Promotion | undefined> {
      return promotions.promotionById(this.db, id);
    }
    createPromotion(fields: PromotionFields, audit?: AuditContext): Promise<Promotion> {
      return promotions.createPromotion(this.db, fields, audit);
    }
    updatePromotionWith(id: number, change: (promotion: Promotion) => PromotionFields, audit?: AuditContext): Promise<Promotion | undefined> {
      return promotions.updatePromotionWith(this.db, id, change, audit);
    }
    deletePromotion(id: number, audit?: AuditContext): Promise<boolean> {
      return promotions.deletePromotion(this.db, id, audit);
    }
    bannerPromotion(now: number): Promise<Promotion | undefined> {
      return promotions.bannerPromotion(this.db, now);
    }
  };
}
