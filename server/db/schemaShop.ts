// The schema's tables of prices (migration 0014), wishlists (0017), payments (0020), webhooks (0035), two-factor sign-in (0036) and the cart's membership line (0044), as Kysely sees them: part
// of `Database` in ./schema.ts, kept here so each file stays readable.
import type { ColumnType, Generated } from 'kysely';
import type { PromotionKind } from '../../src/domain/checkout';
import type { Identity, Timestamp } from './schema';

/** Promotions (migration 0014): `value` in hundredths (percent × 100, or cents); money in cents. */
export interface PromotionsTable {
  id: Identity;
  name: string;
  /** The discount line's words, at most 60 characters (migration 0039). */
  label: string;
  /** The banner's offer to who does not have it; null: the label (migration 0039). */
  banner_text: ColumnType<string | null, string | null | undefined, string | null>;
  /** The banner's words to a member who has a members-only promotion; null: the label (migration 0039). */
  member_banner_text: ColumnType<string | null, string | null | undefined, string | null>;
  kind: PromotionKind;
  value: number;
  categories: ColumnType<string[], string[] | undefined, string[]>;
  products: ColumnType<number[], number[] | undefined, number[]>;
  code: string | null;
  stackable: ColumnType<boolean, boolean | undefined, boolean>;
  members_only: ColumnType<boolean, boolean | undefined, boolean>;
  min_subtotal: ColumnType<number, number | undefined, number>;
  starts_at: Date | null;
  ends_at: Date | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  used: ColumnType<number, number | undefined, number>;
}

/** Which order carried which promotion, for whom (migration 0014). */
export interface PromotionRedemptionsTable {
  promotion_id: number;
  order_id: number;
  user_id: number;
}

/** Shipping methods per country (migration 0014): amounts in cents. */
export interface ShippingMethodsTable {
  id: Identity;
  name: string;
  country: string;
  amount: number;
  free_over: number | null;
  min_days: number;
  max_days: number;
}

/** Tax rates (migration 0014): percent; `state` null = the whole country. numeric: read as a string. */
export interface TaxRatesTable {
  id: Identity;
  country: string;
  state: string | null;
  rate: ColumnType<string, string | number, string | number>;
}

/** A saved product or variant of a user (migration 0017); last_price in cents, the price the shopper would pay as last seen. */
export interface WishlistItemsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  /** null: the product as a whole. */
  variant_id: number | null;
  created_at: Timestamp;
  last_price: number;
}

/** "Notify me" on a sold-out variant (migration 0017); deleted when its mail is written. */
export interface StockAlertsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  variant_id: number;
  created_at: Timestamp;
}

/** A card payment's record (migration 0020): amount in cents; state pending until the provider answered. */
export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  kind: 'authorization' | 'capture' | 'void' | 'refund';
  amount: number;
  reference: string | null;
  idempotency_key: string;
  state: 'pending' | 'succeeded' | 'failed';
  return_id: number | null;
  message: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What the offline test provider did, by idempotency key (migration 0020); amount in cents. */
export interface TestProviderOperationsTable {
  idempotency_key: string;
  kind: string;
  reference: string;
  amount: number;
  ok: boolean;
  message: string | null;
  brand: string | null;
  last4: string | null;
  created_at: Timestamp;
}

/** A webhook endpoint (migration 0035): `events` a jsonb list of event names. */
export interface WebhookEndpointsTable {
  id: Identity;
  url: string;
  events: ColumnType<string[], string, string>;
  secret: string;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

/** One event to deliver to one endpoint (0035): an outbox row with a lease, as mail's. */
export interface WebhookDeliveriesTable {
  id: Identity;
  endpoint_id: number;
  event_id: string;
  type: string;
  /** The event's data, JSON text. */
  data: string;
  created_at: Timestamp;
  /** After this a failed attempt is not retried: the delivery is failed. */
  expires_at: Timestamp;
  status: Generated<'pending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  /** When a pending delivery is due; while a worker's claim holds it, when that lease ends. */
  next_attempt_at: Timestamp;
  lease_owner: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One delivery attempt (0035): the log the back office reads. */
export interface WebhookAttemptsTable {
  id: Identity;
  delivery_id: number;
  endpoint_id: number;
  attempt: number;
  status: number | null;
  response: string;
  at: Timestamp;
}

/** An account's two-factor secrets (migration 0036; server/modules/accounts/pg/twoFactor.ts). */
export interface TwoFactorTable {
  user_id: number;
  /** The secret in use (base32); null while two-factor sign-in is off. */
  secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The secret of a setup not confirmed yet. */
  pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The newest TOTP time step a code was accepted for (bigint, read as a number). */
  last_step: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A single-use recovery code's SHA-256 (migration 0036). */
export interface TwoFactorRecoveryCodesTable {
  user_id: number;
  digest: string;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A cart's membership line (migration 0044): one per user, priced from the shop's fee. */
export interface CartMembershipTable {
  user_id: number;
  added_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Paid membership's columns of `users` (migration 0044). */
export interface UserMembershipColumns {
  /** When the paid term ends; null = no end (a free or seeded membership) or none. */
  member_until: NullableTime;
  /** false: the member stopped the renewal (no reminder before member_until). */
  membership_renews: ColumnType<boolean, boolean | undefined, boolean>;
  /** The order that started the paid term (cancelling it ends the membership). */
  membership_order_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The member_until a reminder was sent for (one reminder per term). */
  membership_reminded_until: NullableTime;
}

/** Paid membership's column of `orders` (migration 0044). */
export interface OrderMembershipColumns {
  /** The membership fee the order charged; null = it bought none. */
  membership_fee_cents: ColumnType<number | null, number | null | undefined, number | null>;
}
