// Users: what the API shows of an account, and the changes its owner may make.
import type { User } from '../../../src/domain/types';
import { permissionsOf } from '../../../src/domain/permissions';
import { memberAt, MEMBERSHIP_TERM_MS } from '../../../src/domain/membership';
import { assertValid, forbidden, notFound } from '../../http/errors';
import type { StoredUser } from './port';
import type { Tx, AccountStore } from '../../db/port';
import { readAddresses, readName, type Errors } from '../../http/validate';
import { parseId, requireObject } from '../../http/input';
import { savedAddressAnswer } from '../../http/addresses';

/**
 * When a term bought at `at` ends: the end of the UTC day MEMBERSHIP_DAYS later, the day the
 * profile and the reminder name ("Member until November 30, 2027 (UTC)"), whole.
 */
export function memberUntilOf(at: number): string {
  const last = new Date(at + MEMBERSHIP_TERM_MS);
  return new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), last.getUTCDate(), 23, 59, 59, 999)).toISOString();
}

/**
 * The user as the API shows it at `at`: never the password hash, never unknown fields. A member
 * is one whose paid term has not ended (memberUntil absent: no end).
 */
export function toPublicUser(user: StoredUser, at = Date.now()): User {
  const { id, email, role, addresses } = user;
  const pub: User = { id, email, role, addresses: (addresses ?? []).map(savedAddressAnswer) };
  if (user.name !== undefined) pub.name = user.name;
  pub.verified = user.verified !== false;
  pub.member = memberAt(user.member === true, user.memberUntil, at);
  pub.memberUntil = pub.member && user.memberUntil !== undefined ? user.memberUntil : null;
  pub.membershipRenews = user.membershipRenews !== false;
  pub.alerts = user.alerts !== false;
  pub.twoFactorEnabled = user.twoFactor === true;
  pub.permissions = permissionsOf(user.role);
  return pub;
}

export class UserService {
  constructor(private readonly store: AccountStore) {}

  /**
   * `me` changes account `id` (PATCH /users/:id): name and addresses apply; id, email and role
   * may be sent unchanged, a changed one is refused with 403; any password is refused with 403.
   */
  async update(me: StoredUser, id: unknown, input: unknown): Promise<User> {
    if (parseId(id) !== me.id) throw forbidden('You can only change your own account');
    const body = requireObject(input);
    if (body.id !== undefined && parseId(body.id) !== me.id) throw forbidden('The id cannot be changed');
    if (body.role !== undefined && body.role !== me.role) throw forbidden('The role cannot be changed');
    if (
      body.email !== undefined &&
      (typeof body.email !== 'string' || body.email.trim().toLowerCase() !== me.email.toLowerCase())
    ) {
      throw forbidden('The email cannot be changed');
    }
    // Any password is refused, right or wrong and without hashing it: answering 200 to the
    // right one made this a password oracle for whoever holds a session.
    if (body.password !== undefined) throw forbidden('The password cannot be changed here');

    const errors: Errors = {};
    const addresses = body.addresses === undefined ? undefined : readAddresses(body.addresses, errors, me.addresses ?? []);
    const name = body.name === undefined ? undefined : readName(body.name, errors);
    assertValid(errors);

    const user =
      addresses || name !== undefined
        ? await this.store.updateUser(me.id, { addresses, name: name === undefined ? undefined : name || null })
        : await this.store.userById(me.id);
    if (!user) throw forbidden('You can only change your own account');
    return toPublicUser(user);
  }

  /**
   * Makes the user a member without end (true: a free membership) or ends any membership at once
   * (false); the user after it. The members' promotions price their cart from then on.
   */
  async setMembership(me: StoredUser, member: boolean): Promise<StoredUser> {
    const user = await this.store.setMember(me.id, member);
    if (!user) throw notFound('User not found');
    return user;
  }

  /** Stops the renewal of the user's paid term (no reminder); the user after it. */
  async stopRenewal(me: StoredUser): Promise<StoredUser> {
    const user = await this.store.setMembershipRenews(me.id, false);
    if (!user) throw notFound('User not found');
    return user;
  }

  /** In the transaction of order `order` placed at `at` that bought membership: the user a member for a year from then (memberUntilOf). */
  startMembership(tx: Tx, user: number, order: number, at: number): Promise<void> {
    return this.store.startMembership(tx, user, order, memberUntilOf(at));
  }

  /** In the transaction that cancels order `order`: ends the membership it started (nothing when another order started the user's term). */
  endMembershipOf(tx: Tx, user: number, order: number): Promise<boolean> {
    return this.store.endMembershipOf(tx, user, order);
  }

  /** Sets whether `id` gets alert mail; the user after it (404 when the account is gone). */
  async setAlerts(id: number, alerts: boolean): Promise<StoredUser> {
    const user = await this.store.setAlerts(id, alerts);
    if (!user) throw notFound('User not found');
    return user;
  }

  /** The email of user `id`, read in `tx`; undefined when the account is gone. */
  async emailOf(tx: Tx, id: number): Promise<string | undefined> {
    return (await this.store.userById(id, tx))?.email;
  }
}
