// Who may do what in the back office: the one table of staff permissions, read by the server's
// route guards (server/http/permissions.ts) and sent to the client in the user answer
// (`permissions`), so the client decides with the same table without carrying it
// (docs/permissions.md). Plain TypeScript, shared by client and server.

/** The roles of the back office's staff; every other account is a shopper ('user'). */
export const STAFF_ROLES = ['admin', 'catalogue', 'fulfilment', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export type Role = 'user' | StaffRole;

const ALL_STAFF: readonly StaffRole[] = STAFF_ROLES;

/**
 * Each permission and the roles that hold it. A new back-office route takes one of these (or a
 * new row here): `requirePermission('catalogue')` in its route file.
 */
export const PERMISSIONS = {
  /** The dashboard's figures; the back office at all (every staff role). */
  dashboard: ALL_STAFF,
  /** Products, brands, categories, media, reviews' removal, product import and export, bulk edits. */
  catalogue: ['admin', 'catalogue'],
  /** Promotions and discount codes. */
  promotions: ['admin', 'catalogue'],
  /** The order list, an order with its notes, the packing slip, the orders CSV. */
  'orders.read': ['admin', 'fulfilment', 'support'],
  /** Order status (dispatch, delivery, cancel without money back), tracking, internal notes. */
  'orders.write': ['admin', 'fulfilment'],
  /** A return's steps: approve, reject, receive. */
  returns: ['admin', 'fulfilment'],
  /** Money back: a return refunded, a paid order cancelled (its money given back). */
  refunds: ['admin'],
  /** The customer list. */
  customers: ['admin', 'support'],
  /** The outbox: sent and held mail, send again. */
  emails: ['admin', 'support'],
  /** Shipping methods, tax rates and the shop's contact details. */
  settings: ['admin'],
  /** The audit log. */
  audit: ['admin'],
  /** Webhooks. */
  webhooks: ['admin'],
  /** Staff accounts and their roles. */
  staff: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

/** A staff account as GET /api/admin/staff lists it; `invited`: its password is not chosen yet. */
export interface StaffMember {
  id: number;
  email: string;
  name?: string;
  role: StaffRole;
  invited: boolean;
}

export const isStaffRole = (value: unknown): value is StaffRole => (STAFF_ROLES as readonly unknown[]).includes(value);

/** Whether `role` holds `permission`. */
export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** Every permission `role` holds, in the table's order (none for a shopper). */
export function permissionsOf(role: Role): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(role, p));
}
