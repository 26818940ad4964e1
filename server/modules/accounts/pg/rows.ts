// `users` and `sessions` rows <-> the records db.json holds (../port.ts), in its key order.
import type { Insertable, Selectable } from 'kysely';
import type { Session, StoredUser } from '../port';
import { json, orderAddress } from '../../../db/rows';
import type { SessionsTable, UsersTable } from '../../../db/schema';

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
    member_until: u.memberUntil ?? null,
    membership_renews: u.membershipRenews !== false,
    membership_order_id: u.membershipOrder ?? null,
    membership_reminded_until: u.membershipReminded ?? null,
    // Not two_factor: its secret is not in db.json, so a loaded account starts with 2FA off.
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
  if (r.two_factor) user.twoFactor = true;
  // Paid membership (migration 0044): absent when unset, so older files export as before.
  if (r.member_until !== null) user.memberUntil = new Date(r.member_until).toISOString();
  if (r.membership_renews === false) user.membershipRenews = false;
  if (r.membership_order_id !== null) user.membershipOrder = r.membership_order_id;
  if (r.membership_reminded_until !== null) user.membershipReminded = new Date(r.membership_reminded_until).toISOString();
  return user;
}

export function sessionToRow(s: Session): Insertable<SessionsTable> {
  return { id: s.id, user_id: s.user, created_at: s.createdAt, expires_at: s.expiresAt };
}

export function sessionFromRow(r: Selectable<SessionsTable>): Session {
  return { id: r.id, user: r.user_id, createdAt: r.created_at.toISOString(), expiresAt: r.expires_at };
}
