// Test data for prices: makeData() with shipping methods, tax rates and promotions.
import type { Promotion } from '../../src/domain/checkout';
import type { DbSchema } from '../../server/db/snapshot';
import { promotionOf } from '../../src/test/promotion';
import { makeData } from './fixtures';

export const MEMBERS_LABEL = 'Members get 20% off phones and laptops';

const promotion = (p: Partial<Promotion> & Pick<Promotion, 'id' | 'name'>): Promotion => promotionOf(p);

/** makeData() with prices: India and Canada methods, rates, the members' promotion and a few codes. `member`: the 'other' shopper (id 3) is one. */
export function priceData({ member = false } = {}): DbSchema {
  const data = makeData();
  if (member) data.users[2].member = true;
  data.shippingMethods = [
    { id: 1, name: 'Standard', country: 'India', amount: 4.99, freeOver: 100, estimate: { minDays: 4, maxDays: 8 } },
    { id: 2, name: 'Express', country: 'India', amount: 14.99, freeOver: null, estimate: { minDays: 2, maxDays: 3 } },
    { id: 3, name: 'Standard', country: 'Canada', amount: 9.99, freeOver: 100, estimate: { minDays: 3, maxDays: 7 } },
    { id: 4, name: 'Express', country: 'Canada', amount: 24.99, freeOver: null, estimate: { minDays: 1, maxDays: 3 } },
  ];
  data.taxRates = [
    { id: 1, country: 'India', state: null, rate: 18 },
    { id: 2, country: 'Canada', state: null, rate: 5 },
    { id: 3, country: 'Canada', state: 'Ontario', rate: 13 },
  ];
  data.promotions = [
    promotion({ id: 1, name: 'Members', label: MEMBERS_LABEL, value: 20, categories: ['smartphones', 'laptops'], membersOnly: true }),
    promotion({ id: 2, name: 'Save 10', code: 'SAVE10', value: 10 }),
    promotion({ id: 3, name: 'Five off', code: 'FIVE', kind: 'fixed', value: 5, stackable: true }),
    promotion({ id: 4, name: 'Old', code: 'OLD', startsAt: '2025-01-01T00:00:00.000Z', endsAt: '2026-01-01T00:00:00.000Z' }),
    promotion({ id: 5, name: 'Limited', code: 'LIMITED', kind: 'fixed', value: 50, usageLimit: 1 }),
    promotion({ id: 6, name: 'Once', code: 'ONCE', kind: 'fixed', value: 1, perCustomerLimit: 1 }),
  ];
  return data;
}
