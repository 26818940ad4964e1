// Users: what the API shows of an account, and the changes its owner may make.
import type { User } from '../../../src/domain/types';
import { permissionsOf } from '../../../src/domain/permissions';
import { assertValid, forbidden, notFound } from '../../http/errors';
import type { StoredUser } from './port';
import type { Tx, AccountStore } from '../../db/port';
import { readAddresses, readName, type Errors } from '../../http/validate';
import { parseId, requireObject } from '../../http/input';
import { savedAddressAnswer } from '../../http/addresses';

/** The user as the API shows it: never the password hash, never unknown fields. */
export function toPublicUser(user: StoredUser): User {
  const { id, email, role, addresses } = user;
  const pub: User = { id, email, role, addresses: (addresses ?? []).map(savedAddressAnswer) };
  if (user.name !== undefined) pub.name = user.name;
  pub.verified = user.verified !== false;
  pub.member = user.member === true;
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
   * POST (true) / DELETE (false) /users/own/membership: the caller joins or leaves membership (the
   * members' promotions price their cart from then on); the same again changes nothing.
   */
  async setMembership(me: StoredUser, member: boolean): Promise<User> {
    const user = await this.store.setMember(me.id, member);
    if (!user) throw notFound('User not found');
    return toPublicUser(user);
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
