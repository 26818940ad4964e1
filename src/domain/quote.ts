// POST /api/checkout/quote: what the checkout asks (the address, the shipping method, the codes)
// and the answer, the shopper's cart priced as an order would be now (the rule and the priced
// shapes: checkout.ts).
import type { AppliedPromotion, PricedLineFields, RejectedCode, ShippingCharge, ShippingMethod, TaxCharge, Totals } from './checkout';
import type { DeliveryDates } from './delivery';
import type { MembershipLine } from './membership';
import type { VariantChoice } from './variants';

/** A quote's line: the cart line it prices, by product and variant. */
export interface QuoteLine extends PricedLineFields {
  product: { id: number; title: string; thumbnail?: string };
  variant: { id: number; sku: string; options: VariantChoice };
  quantity: number;
}

/** The address a quote prices for: a saved address (its index in the user's addresses) or a place. */
export type QuoteAddress = number | { country: string; state?: string };

/** POST /api/checkout/quote body (everything optional; no address = the first saved one). */
export interface QuoteRequest {
  address?: QuoteAddress;
  shippingMethod?: number;
  codes?: string[];
}

/** POST /api/checkout/quote answer: the shopper's cart priced as an order would be now. */
export interface Quote {
  lines: QuoteLine[];
  promotions: AppliedPromotion[];
  rejected: RejectedCode[];
  shipping: ShippingCharge;
  /**
   * Every method for the address's country, cheapest first, with what it would cost this cart and
   * when the cart would arrive by it if ordered now (null for an empty cart): what the order
   * stores when placed with that method.
   */
  shippingMethods: (ShippingMethod & { charge: number; delivery: DeliveryDates | null })[];
  tax: TaxCharge;
  totals: Totals;
  /** For a shopper who is not a member: what membership would take off this cart (0 otherwise, and with the membership line). */
  memberSavings: number;
  /** The cart's membership line (its fee is totals.membership); null when the cart holds none (the API always sends it). */
  membership?: MembershipLine | null;
}
