// The seed's prices: shipping methods for the four countries of the address form,
// example tax rates, and the members' promotion the banner announces. Written into db.json by
// scripts/seed.ts, in the API's shapes (src/domain/checkout.ts: dollars and percents).
// The tax rates are EXAMPLES for a demo shop, not tax advice.
import { promotionDefaults, type Promotion, type ShippingMethod, type TaxRate } from '../../../src/domain/checkout';

/** The home page promo banner's words of the original design, kept exactly. */
export const MEMBERS_BANNER = 'Apply for Membership ,and get 20% instant discount on Electronics Products, Hurry, Offer Ending Soon!';

export const SEED_PROMOTIONS: Promotion[] = [
  {
    id: 1,
    name: 'Members: 20% off Electronics',
    label: MEMBERS_BANNER,
    kind: 'percentage',
    value: 20,
    ...promotionDefaults(),
    categories: ['smartphones', 'laptops'],
    membersOnly: true,
    used: 0,
  },
];

/** Standard (free over $100) and Express per country; amounts in US dollars like the catalogue. */
const METHODS: [country: string, standard: number, standardDays: [number, number], express: number, expressDays: [number, number]][] = [
  ['India', 4.99, [4, 8], 14.99, [2, 3]],
  ['United States', 7.99, [3, 7], 19.99, [1, 2]],
  ['Canada', 9.99, [3, 7], 24.99, [1, 3]],
  ['Mexico', 9.99, [5, 10], 29.99, [2, 4]],
];

export const SEED_SHIPPING_METHODS: ShippingMethod[] = METHODS.flatMap(([country, standard, [sMin, sMax], express, [eMin, eMax]], i) => [
  { id: i * 2 + 1, name: 'Standard', country, amount: standard, freeOver: 100, estimate: { minDays: sMin, maxDays: sMax } },
  { id: i * 2 + 2, name: 'Express', country, amount: express, freeOver: null, estimate: { minDays: eMin, maxDays: eMax } },
]);

/** Example rates: a country's (state null) and, where they differ, some of its states'. */
export const SEED_TAX_RATES: TaxRate[] = [
  { country: 'India', state: null, rate: 18 },
  { country: 'Mexico', state: null, rate: 16 },
  { country: 'Canada', state: null, rate: 5 },
  { country: 'Canada', state: 'Ontario', rate: 13 },
  { country: 'Canada', state: 'Quebec', rate: 14.975 },
  { country: 'Canada', state: 'British Columbia', rate: 12 },
  { country: 'United States', state: null, rate: 0 },
  { country: 'United States', state: 'California', rate: 7.25 },
  { country: 'United States', state: 'New York', rate: 8 },
  { country: 'United States', state: 'Texas', rate: 6.25 },
].map((t, i) => ({ id: i + 1, ...t }));
