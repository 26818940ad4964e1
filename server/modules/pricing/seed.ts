// The seed's prices: shipping methods for the four countries of the address form,
// example tax rates, and the members' promotion the banner announces (to members in their own
// words, to everyone else in the original design's). Written into db.json by
// scripts/seed.ts, in the API's shapes (src/domain/checkout.ts: dollars and percents).
// The tax rates are EXAMPLES for a demo shop, not tax advice.
import { promotionDefaults, type Promotion, type ShippingMethod, type TaxRate } from '../../../src/domain/checkout';

/** The home page promo banner's words of the original design, kept exactly. */
export const MEMBERS_BANNER = 'Apply for Membership ,and get 20% instant discount on Electronics Products, Hurry, Offer Ending Soon!';

/** The defaults without the banner's words (the seed's own are given above them, in db.json's key order). */
function withoutBanners({ bannerText: _b, memberBannerText: _m, ...rest }: ReturnType<typeof promotionDefaults>) {
  void _b;
  void _m;
  return rest;
}

export const SEED_PROMOTIONS: Promotion[] = [
  {
    id: 1,
    name: 'Members: 20% off Electronics',
    label: "Members' 20% off Electronics",
    bannerText: MEMBERS_BANNER,
    memberBannerText: 'Members save 20% on Electronics',
    kind: 'percentage',
    value: 20,
    ...withoutBanners(promotionDefaults()),
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

/**
 * Example rates: a country's (state null) and, where it differs, a region's, by its code
 * (src/domain/regions.ts). United States: each state's 2024 base sales tax (no local taxes; the
 * five without one pay the country's 0). Canada: GST, HST or GST + PST by province. India (GST)
 * and Mexico (IVA): one national rate.
 */
const US_RATES =
  'AL 4|AZ 5.6|AR 6.5|CA 7.25|CO 2.9|CT 6.35|DC 6|FL 6|GA 4|HI 4|ID 6|IL 6.25|IN 7|IA 6|KS 6.5|KY 6|LA 4.45|ME 5.5|MD 6|' +
  'MA 6.25|MI 6|MN 6.875|MS 7|MO 4.225|NE 5.5|NV 6.85|NJ 6.625|NM 4.875|NY 4|NC 4.75|ND 5|OH 5.75|OK 4.5|PA 6|RI 7|SC 6|' +
  'SD 4.2|TN 7|TX 6.25|UT 6.1|VT 6|VA 5.3|WA 6.5|WV 6|WI 5|WY 4';
const CANADA_RATES = 'AB 5|BC 12|MB 12|NB 15|NL 15|NS 15|NT 5|NU 5|ON 13|PE 15|QC 14.975|SK 11|YT 5';

const regionRates = (country: string, list: string) =>
  list.split('|').map((pair) => {
    const [state, rate] = pair.split(' ');
    return { country, state, rate: Number(rate) };
  });

export const SEED_TAX_RATES: TaxRate[] = [
  { country: 'India', state: null, rate: 18 },
  { country: 'Mexico', state: null, rate: 16 },
  { country: 'Canada', state: null, rate: 5 },
  ...regionRates('Canada', CANADA_RATES),
  { country: 'United States', state: null, rate: 0 },
  ...regionRates('United States', US_RATES),
].map((t, i) => ({ id: i + 1, ...t }));
