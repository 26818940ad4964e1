// Domain types shared by the client and the server.
import type { Product } from './productFields';
import type { PricedLineFields, PricedOrderFields } from './checkout';
import type { CartVariant, OrderVariant } from './variants';
import type { OrderTracking } from './tracking';
import type { OrderDelivery } from './delivery';
import type { OrderReturn } from './returns';
import type { Permission, Role } from './permissions';
import type { MembershipOrderFields, MembershipState } from './membership';

export type { NewReturn, OrderReturn, ReturnEvent, ReturnLine, ReturnRefund, ReturnStatus, ReturnStep } from './returns';

export type { Permission, Role, StaffRole } from './permissions';
export type { TwoFactorSetup } from './twoFactor';
export type { AdminProduct, ProductNotify } from './productNotify';

export const COUNTRIES = ['India', 'United States', 'Canada', 'Mexico'] as const;
export type Country = (typeof COUNTRIES)[number];

export interface Address {
  name: string;
  email: string;
  phoneNumber: string;
  country: Country;
  street: string;
  city: string;
  /**
   * The region (src/domain/regions.ts). Sent: its code, ISO code or name. Answered: its name, with
   * `stateCode`; an address saved before regions were checked whose state names none answers it as
   * typed, with `needsReview`. An order keeps the text it was placed with.
   */
  state: string;
  pincode: string;
  /** The region's code (`CA` of US-CA), in answers whenever `state` names one. */
  stateCode?: string;
  /** A saved address whose state names no region of its country: to be corrected before pricing. */
  needsReview?: boolean;
}

/** A user as the API returns it: never with a password or its hash. */
export interface User extends MembershipState {
  id: number;
  email: string;
  role: Role;
  addresses: Address[];
  name?: string;
  /**
   * Whether the owner has confirmed the address by the link mailed at sign-up. The API
   * always sends it; absent (older clients' data, tests) reads as verified.
   */
  verified?: boolean;
  /** A member gets the members' promotions (POST /users/own/membership). */
  member?: boolean;
  /** Whether back-in-stock and price-drop mail is sent (PUT /users/own/alerts); the API always sends it. */
  alerts?: boolean;
  /** Whether signing in takes a code from an authenticator app too (POST /users/own/2fa); the API always sends it. */
  twoFactorEnabled?: boolean;
  /** What the account may do in the back office (src/domain/permissions.ts); [] for a shopper. The API always sends it. */
  permissions?: Permission[];
}

export interface Review {
  /** Unique within its product (seed reviews too); addresses it for an edit or a removal. */
  id?: number;
  /**
   * The reviewer's user id: reviews written through the API only. Stored, and in admin answers;
   * never in the answers shoppers and visitors get (server/modules/catalogue/publicProduct.ts).
   */
  user?: number;
  /** In a signed-in shopper's answers: this review is theirs (instead of `user`). */
  mine?: true;
  reviewerName: string;
  rating: number;
  comment: string;
  /** When it was written (ISO); reviews written through the API only. */
  date?: string;
  /** Written by a shopper who received the product (every review written through the API). */
  verified?: boolean;
}

/** A product: its fields are those of the field table (src/domain/productFields.ts). */
export type { Product };

/**
 * A product as the API answers it: with `salePrice`, the price the shopper sees
 * (discountedPrice in src/domain/pricing.ts), which lists filter and sort by (salePrice_gte,
 * _sort=salePrice) like any field.
 */
export interface PricedProduct extends Product {
  salePrice: number;
  /**
   * The product's variants differ in displayed price: `salePrice` is the lowest of them and a card
   * says "from $X". Every answer of the API has it; absent reads as false.
   */
  priceVaries?: boolean;
}

/** Cart line as displayed: `product` is expanded. */
export interface CartItem {
  id: number;
  product: Product;
  quantity: number;
  /**
   * The variant of the line (src/domain/variants.ts): in the cart, the variant as it is now
   * (CartVariant); in an order, what the line kept when the order was placed (OrderVariant).
   * Absent in orders placed before variants existed.
   */
  variant?: CartVariant | OrderVariant;
}

/** An order's line: the cart line as sold, with what it was charged (every order answers them). */
export interface OrderItem extends CartItem, Partial<PricedLineFields> {}

export const ORDER_STATUSES = ['pending', 'dispatched', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_METHODS = ['cash', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** One change of an order's status: who made it (the shopper or the shop) and when. */
export interface OrderEvent {
  status: OrderStatus;
  /** ISO date-time. */
  at: string;
  by: 'shopper' | 'admin';
}

/**
 * An order. The priced snapshot (src/domain/checkout.ts: promotions, shipping, tax, totals,
 * payment) is in every answer of the API; an order placed before it was kept answers one derived
 * from its stored lines (no discount, shipping or tax). `totalAmount` = `totals.total`.
 */
export interface Order extends Partial<PricedOrderFields>, MembershipOrderFields {
  id: number;
  items: OrderItem[];
  user: number;
  totalAmount: number;
  totalItems: number;
  paymentMethod: PaymentMethod;
  selectedAddress: Address;
  status: OrderStatus;
  createdAt?: string;
  /** Every status the order has had, oldest first, from its placing (orders made before it was kept lack it). */
  history?: OrderEvent[];
  /** Its returns, oldest first (every order answer has them, [] when none). */
  returns?: OrderReturn[];
  /** What its refunded returns gave back, in dollars (0 when none). */
  refunded?: number;
  /** The parcel's carrier, number and tracking link, as given when dispatched (every answer has it; null when none). */
  tracking?: OrderTracking | null;
  /** The delivery estimate stored when placed (src/domain/delivery.ts); every answer has it, null when none was kept. */
  delivery?: OrderDelivery | null;
}

/** What the client sends to POST /orders; the server re-prices it. */
export interface NewOrder {
  items: CartItem[];
  user: number;
  totalAmount: number;
  totalItems: number;
  paymentMethod: PaymentMethod;
  selectedAddress: Address;
  status: 'pending';
}

/** Every API error body. */
export interface ApiErrorBody extends ApiErrorFlags {
  message: string;
  errors?: Record<string, string>;
}

/** What an error answer may tell the client to do next. */
export interface ApiErrorFlags {
  /** POST /auth/login: the password is right; send it again with `code` (the account has two-factor sign-in). */
  twoFactorRequired?: true;
  /** /admin routes: this admin must turn on two-factor sign-in first (STAFF_REQUIRE_2FA). */
  twoFactorSetupRequired?: true;
}

/** POST /orders/{id}/buy-again. */
export interface BuyAgainResult {
  added: { product: Pick<Product, 'id' | 'title'>; quantity: number }[];
  skipped: { product: Pick<Product, 'id' | 'title'>; reason: string }[];
  cart: CartItem[];
}

/** GET /products/{id}/reviews/eligibility. */
export interface ReviewEligibility {
  canReview: boolean;
  review: Review | null;
}

export * from './backOffice';
// Types only: a value re-export keeps the variant rules (and pricing) in every page's first load.
export type * from './variants';
export type * from './checkout';
export type * from './quote';
export type * from './listing';
