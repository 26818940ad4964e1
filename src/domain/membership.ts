// Paid membership: what a shopper buys (a year of the members' promotions) and how it shows in a
// cart, a quote and an order. The fee is a shop setting (src/domain/settings.ts); it is its own
// line, never discounted, never taxed and with no effect on shipping. Plain TypeScript, shared by
// client and server.

/** The membership line's id and kind in GET /api/cart (product lines have numeric ids and no kind). */
export const MEMBERSHIP_LINE_ID = 'membership';
export const MEMBERSHIP_TITLE = 'Membership (1 year)';
/** How long a paid term lasts from the moment its order is placed (to the end of that UTC day: memberUntilOf). */
export const MEMBERSHIP_DAYS = 365;
export const MEMBERSHIP_TERM_MS = MEMBERSHIP_DAYS * 24 * 60 * 60 * 1000;
/** How long before a term ends its reminder goes out. */
export const MEMBERSHIP_REMINDER_DAYS = 14;
/** The fee of a shop whose admin has set none, in dollars a year. */
export const DEFAULT_MEMBERSHIP_FEE = 49;
export const MAX_MEMBERSHIP_FEE = 10000;

/** The cart's membership line (POST /api/users/own/membership answers it; GET /api/cart lists it last). */
export interface MembershipLine {
  id: typeof MEMBERSHIP_LINE_ID;
  kind: 'membership';
  title: string;
  /** The fee in dollars, as it will be charged. */
  price: number;
  quantity: 1;
}

export const membershipLine = (price: number): MembershipLine => ({ id: MEMBERSHIP_LINE_ID, kind: 'membership', title: MEMBERSHIP_TITLE, price, quantity: 1 });

/** Whether a line of GET /api/cart is the membership line (product lines carry a product). */
export const isMembershipLine = (line: unknown): line is MembershipLine =>
  typeof line === 'object' && line !== null && (line as { kind?: unknown }).kind === 'membership';

/** Why `value` cannot be the membership fee (dollars, 0 to 10000, cents at most), else undefined. */
export function membershipFeeError(value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'The fee must be a number';
  if (value < 0) return 'The fee must be 0 or more';
  if (value > MAX_MEMBERSHIP_FEE) return `The fee must be at most ${MAX_MEMBERSHIP_FEE}`;
  // checkout.ts's isWholeCents, written out: this module is in /login's first load, checkout.ts is not.
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return 'The fee must have at most 2 decimals';
  return undefined;
}

/** Whether a membership (its flag and the end of its paid term, ISO or null) is in force at `at`. */
export const memberAt = (flag: boolean, until: string | null | undefined, at: number): boolean =>
  flag && (until === null || until === undefined || Date.parse(until) > at);

/** What every user answer says of the account's membership (besides `member`). */
export interface MembershipState {
  /** When the paid term ends (ISO date-time); null when none (not a member, or a membership without end). */
  memberUntil?: string | null;
  /** false once the member stopped the renewal (DELETE /users/own/membership): no reminder before the term ends. */
  membershipRenews?: boolean;
}

/** What an order says of the membership it bought. */
export interface MembershipOrderFields {
  /** The membership fee it charged, in dollars ("Membership (1 year)"); absent when it bought none. */
  membershipFee?: number;
}
