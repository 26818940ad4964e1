// Rows ↔ the records of db.json's shape (server/db/snapshot.ts, src/domain/types). Each *FromRow gives back exactly
// the record that went in: same field names, numbers as numbers, an absent optional field
// (user.name, order.createdAt) absent again, and keys in db.json's order — also inside jsonb
// values, whose key order PostgreSQL does not keep — so an export serializes like the seed.
import type { Insertable, Selectable } from 'kysely';
import type { Address, CartItem, FilterOption, Order, OrderReturn } from '../../src/domain/types';
import type { IdempotencyRecord, Session, StoredCartLine, StoredUser } from './snapshot';
import type { AuditEntry } from '../../src/domain/types';
import type { AuditTable, CartTable, FilterOptionsTable, IdempotencyKeysTable, OrdersTable, SessionsTable, UsersTable } from './schema';
import { ordered, orderProduct } from '../modules/catalogue/pg/productRows';

// products: productRows.ts, from the field table (src/domain/productFields.ts).
export {
  PRODUCT_COLUMN,
  PRODUCT_COLUMNS,
  PRODUCT_WRITE_COLUMNS,
  productChangesToRow,
  productFromRow,
  productToRow,
  type ProductRow,
} from '../modules/catalogue/pg/productRows';

const ADDRESS_KEYS = ['name', 'email', 'phoneNumber', 'country', 'street', 'city', 'state', 'pincode'] as const;
const CART_ITEM_KEYS = ['id', 'product', 'variant', 'quantity', 'unitPrice', 'discount', 'total'] as const;
const PROMOTION_KEYS = ['id', 'code', 'label', 'amount'] as const;
const SHIPPING_KEYS = ['method', 'name', 'amount'] as const;
const TAX_KEYS = ['rate', 'amount'] as const;
const TOTALS_KEYS = ['subtotal', 'discount', 'shipping', 'tax', 'total'] as const;
const PAYMENT_KEYS = ['method', 'status', 'brand', 'last4', 'reference'] as const;
const EVENT_KEYS = ['status', 'at', 'by'] as const;
const RETURN_KEYS = ['id', 'status', 'items', 'reason', 'createdAt', 'refund', 'history'] as const;
/** A stored return in its keys' order (jsonb does not keep it), its lines, refund and steps too. */
const orderReturn = (r: OrderReturn): OrderReturn => {
  const out = ordered(r, RETURN_KEYS);
  out.items = r.items.map((i) => ordered(i, ['line', 'quantity'] as const));
  out.refund = r.refund && ordered(r.refund, ['amount', 'method'] as const);
  out.history = r.history.map((e) => ordered(e, EVENT_KEYS));
  return out;
};

const orderAddress = (a: Address): Address => ordered(a, ADDRESS_KEYS);

const orderCartItem = (item: CartItem): CartItem => {
  const out = ordered(item, CART_ITEM_KEYS);
  if (out.product && typeof out.product === 'object') out.product = orderProduct(out.product);
  return out;
};

const json = (value: unknown): string => JSON.stringify(value);

/** Ids are `integer` columns: a larger id names nothing (and must not reach a query as one). */
export const isId = (id: number) => Number.isInteger(id) && id >= 1 && id <= 2_147_483_647;

/** A row without its id, for an INSERT that lets the identity column number it. */
export function withoutId<T extends { id?: unknown }>(row: T): Omit<T, 'id'> {
  const copy = { ...row };
  delete copy.id;
  return copy;
}

// ---------------------------------------------------------------------------------------------
// users

export function userToRow(u: StoredUser): Insertable<UsersTable> {
  return {
    id: u.id,
    email: u.email,
    password: u.password,
    role: u.role,
    name: u.name ?? null,
    addresses: json(u.addresses ?? []),
    created_at: u.createdAt ?? null,
    verified: u.verified ?? true,
    member: u.member === true,
    alerts: u.alerts !== false,
  };
}

export function userFromRow(r: Selectable<UsersTable>): StoredUser {
  // Built in db.json's key order: name (when there is one) before addresses.
  const user = { id: r.id, email: r.email, password: r.password, role: r.role } as StoredUser;
  if (r.name !== null) user.name = r.name;
  user.addresses = r.addresses.map(orderAddress);
  if (r.created_at !== null) user.createdAt = r.created_at.toISOString();
  if (!r.verified) user.verified = false;
  if (r.member) user.member = true;
  if (r.alerts === false) user.alerts = false;
  return user;
}

// ---------------------------------------------------------------------------------------------
// categories, brands

export function filterOptionToRow(o: FilterOption): Insertable<FilterOptionsTable> {
  return o.id === undefined ? { value: o.value, label: o.label } : { id: o.id, value: o.value, label: o.label };
}

export function filterOptionFromRow(r: Selectable<FilterOptionsTable>): FilterOption {
  return { id: r.id, value: r.value, label: r.label };
}

// ---------------------------------------------------------------------------------------------
// cart

/** A line without a variant (an older file) takes its product's first variant when loaded (load.ts). */
export function cartLineToRow(c: StoredCartLine): Insertable<CartTable> {
  return { id: c.id, user_id: c.user, product_id: c.product, ...(c.variant === undefined ? {} : { variant_id: c.variant }), quantity: c.quantity };
}

export function cartLineFromRow(r: Selectable<CartTable>): StoredCartLine {
  return { id: r.id, user: r.user_id, product: r.product_id, variant: r.variant_id, quantity: r.quantity };
}

// ---------------------------------------------------------------------------------------------
// orders

export function orderToRow(o: Order): Insertable<OrdersTable> {
  return {
    id: o.id,
    user_id: o.user,
    items: json(o.items),
    total_amount: o.totalAmount,
    total_items: o.totalItems,
    payment_method: o.paymentMethod,
    selected_address: json(o.selectedAddress),
    status: o.status,
    created_at: o.createdAt ?? null,
    history: o.history ? json(o.history) : null,
    // The priced snapshot; absent on orders placed before it was kept.
    promotions: o.promotions ? json(o.promotions) : null,
    shipping: o.shipping ? json(o.shipping) : null,
    tax: o.tax ? json(o.tax) : null,
    totals: o.totals ? json(o.totals) : null,
    payment: o.payment ? json(o.payment) : null,
    ...(o.returns?.length ? { returns: json(o.returns) } : {}),
  };
}

export function orderFromRow(r: Selectable<OrdersTable>): Order {
  const order: Order = {
    id: r.id,
    items: r.items.map(orderCartItem),
    user: r.user_id,
    totalAmount: r.total_amount,
    totalItems: r.total_items,
    paymentMethod: r.payment_method,
    selectedAddress: orderAddress(r.selected_address),
    status: r.status,
  };
  if (r.created_at !== null) order.createdAt = r.created_at.toISOString();
  if (r.history !== null) order.history = r.history.map((e) => ordered(e, EVENT_KEYS));
  if (r.promotions !== null) order.promotions = r.promotions.map((p) => ordered(p, PROMOTION_KEYS));
  if (r.shipping !== null) order.shipping = ordered(r.shipping, SHIPPING_KEYS);
  if (r.tax !== null) order.tax = ordered(r.tax, TAX_KEYS);
  if (r.totals !== null) order.totals = ordered(r.totals, TOTALS_KEYS);
  if (r.payment !== null) order.payment = ordered(r.payment, PAYMENT_KEYS);
  // Returns (migration 0016): absent when none, so an order without returns exports as before.
  if (r.returns?.length) order.returns = r.returns.map(orderReturn);
  return order;
}

// ---------------------------------------------------------------------------------------------
// sessions

export function sessionToRow(s: Session): Insertable<SessionsTable> {
  return { id: s.id, user_id: s.user, created_at: s.createdAt, expires_at: s.expiresAt };
}

export function sessionFromRow(r: Selectable<SessionsTable>): Session {
  return { id: r.id, user: r.user_id, createdAt: r.created_at.toISOString(), expiresAt: r.expires_at };
}

// ---------------------------------------------------------------------------------------------
// idempotency keys (db.json's `idempotency`: id is `<user id> <key>`)

export function idempotencyToRow(k: IdempotencyRecord): Insertable<IdempotencyKeysTable> {
  const prefix = `${k.user} `;
  if (!k.id.startsWith(prefix)) throw new Error(`idempotency record ${JSON.stringify(k.id)} is not "<user> <key>" for user ${k.user}`);
  return { user_id: k.user, key: k.id.slice(prefix.length), order_id: k.order, created_at: new Date(k.createdAt), fingerprint: k.fingerprint ?? null };
}

export function idempotencyFromRow(r: Selectable<IdempotencyKeysTable>): IdempotencyRecord {
  return {
    id: `${r.user_id} ${r.key}`,
    user: r.user_id,
    order: r.order_id,
    createdAt: r.created_at.getTime(),
    ...(r.fingerprint === null ? {} : { fingerprint: r.fingerprint }),
  };
}

// ---------------------------------------------------------------------------------------------
// audit

export function auditToRow(e: AuditEntry): Insertable<AuditTable> {
  return {
    id: e.id,
    at: e.at,
    actor_id: e.actor.id,
    actor_email: e.actor.email,
    action: e.action,
    entity: e.entity,
    entity_id: e.entityId,
    before: e.before === null ? null : json(e.before),
    after: e.after === null ? null : json(e.after),
  };
}

export function auditFromRow(r: Selectable<AuditTable>): AuditEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actor: { id: r.actor_id, email: r.actor_email },
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    before: r.before,
    after: r.after,
  };
}
