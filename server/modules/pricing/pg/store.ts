// Pricing's part of the postgres adapter (server/modules/pricing/port.ts): shipping methods and tax
// rates (shippingTax.ts), promotions as admins manage them (promotions.ts). A mixin over PgBase,
// so PgStore (pgStore.ts) is the sum of its parts and each part stays readable.
import type { Promotion, ShippingMethod, TaxRate } from '../../../../src/domain/checkout';
import type { Page, PromotionFields, Tx } from '../../../db/port';
import { trxOf, type PgClass } from '../../../db/pgBase';
import * as promotions from './promotions';
import * as shippingTax from './shippingTax';

export function withPricing<T extends PgClass>(Base: T) {
  return class PgPricing extends Base {
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
    insertShippingMethod(tx: Tx, method: Omit<ShippingMethod, 'id'>): Promise<ShippingMethod> {
      return shippingTax.insertShippingMethod(trxOf(tx), method);
    }
    lockShippingMethod(tx: Tx, id: number): Promise<ShippingMethod | undefined> {
      return shippingTax.lockShippingMethod(trxOf(tx), id);
    }
    updateShippingMethod(tx: Tx, id: number, method: Omit<ShippingMethod, 'id'>): Promise<ShippingMethod> {
      return shippingTax.updateShippingMethod(trxOf(tx), id, method);
    }
    deleteShippingMethod(tx: Tx, id: number): Promise<ShippingMethod | undefined> {
      return shippingTax.deleteShippingMethod(trxOf(tx), id);
    }
    listTaxRates(): Promise<TaxRate[]> {
      return shippingTax.listTaxRates(this.db);
    }
    insertTaxRate(tx: Tx, rate: Omit<TaxRate, 'id'>): Promise<TaxRate> {
      return shippingTax.insertTaxRate(trxOf(tx), rate);
    }
    lockTaxRate(tx: Tx, id: number): Promise<TaxRate | undefined> {
      return shippingTax.lockTaxRate(trxOf(tx), id);
    }
    updateTaxRate(tx: Tx, id: number, rate: Omit<TaxRate, 'id'>): Promise<TaxRate> {
      return shippingTax.updateTaxRate(trxOf(tx), id, rate);
    }
    deleteTaxRate(tx: Tx, id: number): Promise<TaxRate | undefined> {
      return shippingTax.deleteTaxRate(trxOf(tx), id);
    }

    // --- Promotions as admins manage them (promotions.ts) ---------------------------------------

    listPromotions(slice?: { start: number; end: number }): Promise<Page<Promotion>> {
      return promotions.listPromotions(this.db, slice);
    }
    promotionById(id: number): Promise<Promotion | undefined> {
      return promotions.promotionById(this.db, id);
    }
    insertPromotion(tx: Tx, fields: PromotionFields): Promise<Promotion> {
      return promotions.insertPromotion(trxOf(tx), fields);
    }
    lockPromotion(tx: Tx, id: number): Promise<Promotion | undefined> {
      return promotions.lockPromotion(trxOf(tx), id);
    }
    updatePromotion(tx: Tx, id: number, fields: PromotionFields): Promise<Promotion> {
      return promotions.updatePromotion(trxOf(tx), id, fields);
    }
    deletePromotion(tx: Tx, id: number): Promise<Promotion | undefined> {
      return promotions.deletePromotion(trxOf(tx), id);
    }
    renamePromotionCategory(tx: Tx, from: string, to: string): Promise<void> {
      return promotions.renamePromotionCategory(trxOf(tx), from, to);
    }
    bannerPromotion(now: number): Promise<Promotion | undefined> {
      return promotions.bannerPromotion(this.db, now);
    }
  };
}
