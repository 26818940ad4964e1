// Staff management (GET/POST /admin/staff, PATCH/DELETE /admin/staff/:id; the staff permission):
// who works in the back office and as what (src/domain/permissions.ts). An address with an account
// gets the role at once; a new address gets an invitation: an account without a usable password
// and, in the same transaction, a mail with a set-password link (the password reset's link and
// page, valid INVITATION_DAYS). Removing a staff member makes the account a shopper again. Every
// change is in the audit log (entity 'staff'), and the shop never loses its last admin (409).
import { forgotPasswordRules, checkField } from '../../../src/domain/validation';
import { isStaffRole, STAFF_ROLES, type Role, type StaffMember, type StaffRole } from '../../../src/domain/permissions';
import type { AuditAction } from '../../../src/domain/types';
import { assertValid, badRequest, conflict, notFound } from '../../http/errors';
import { parseId, requireObject } from '../../http/input';
import type { AccountStore, Store, StoredUser, Tx } from '../../db/port';
import { auditBy, type AuditService } from '../backoffice/audit';
import type { MailService } from '../mail/service';
import { staffInvitationMail } from '../mail/messages';
import type { PasswordResetService } from './passwordReset';

/** The password of an invited account until its link is used: no scrypt hash, so it never signs in. */
export const INVITED_PASSWORD = '!invited';
export const INVITATION_DAYS = 7;
export const LAST_ADMIN = 'The shop needs at least one admin: make another account an admin first.';
export const UNKNOWN_ROLE = `Role must be one of ${STAFF_ROLES.join(', ')}`;

export function staffMember(user: StoredUser): StaffMember {
  const member: StaffMember = { id: user.id, email: user.email, role: user.role as StaffRole, invited: user.password === INVITED_PASSWORD };
  if (user.name !== undefined) member.name = user.name;
  return member;
}

function readRole(value: unknown): StaffRole {
  if (!isStaffRole(value)) throw badRequest(value === undefined ? 'Role is required' : 'Unknown role', { role: UNKNOWN_ROLE });
  return value;
}

interface StaffDeps {
  mail: MailService;
  audit: AuditService;
  passwordReset: PasswordResetService;
}

export class StaffService {
  constructor(
    private readonly store: AccountStore & Pick<Store, 'transaction'>,
    private readonly deps: StaffDeps,
    private readonly now: () => number,
  ) {}

  /** GET /admin/staff: every staff account, by id. */
  async list(): Promise<StaffMember[]> {
    return (await this.store.listStaff()).map(staffMember);
  }

  /**
   * POST /admin/staff {email, role}: the account with this address gets the role (created: false);
   * a new address gets an invited account and its mail (created: true). 400 for a bad address or
   * an unknown role, nothing changed.
   */
  async add(admin: StoredUser, input: unknown): Promise<{ member: StaffMember; created: boolean }> {
    const body = requireObject(input);
    const email = typeof body.email === 'string' ? body.email.trim() : body.email;
    const emailError = checkField(email, forgotPasswordRules.email);
    if (!isStaffRole(body.role) || emailError) assertValid({ email: emailError, role: isStaffRole(body.role) ? undefined : UNKNOWN_ROLE });
    const role = readRole(body.role);
    const key = (email as string).toLowerCase();
    const now = this.now();
    return this.store.transaction(async (tx) => {
      const existing = await this.store.userByEmail(key, tx);
      if (existing) return { member: staffMember(await this.change(tx, admin, existing.id, role, 'staff.role')), created: false };
      const user = await this.store.createUser(tx, { email: key, password: INVITED_PASSWORD, role, addresses: [], createdAt: new Date(now).toISOString(), verified: true });
      if (!user) throw conflict('An account with that address was just made: try again.');
      const url = await this.deps.passwordReset.link(tx, user.id, now, INVITATION_DAYS * 24 * 60 * 60 * 1000);
      await this.deps.mail.enqueue(tx, staffInvitationMail(user.email, url, role, INVITATION_DAYS), now);
      await this.deps.audit.record(tx, auditBy(admin, 'staff.invite', now), { entity: 'staff', entityId: String(user.id), before: null, after: { email: user.email, role } });
      return { member: staffMember(user), created: true };
    });
  }

  /** PATCH /admin/staff/:id {role}: a staff member's new role. */
  async setRole(admin: StoredUser, rawId: string, input: unknown): Promise<StaffMember> {
    const role = readRole(requireObject(input).role);
    const id = this.staffId(rawId);
    return this.store.transaction(async (tx) => staffMember(await this.change(tx, admin, id, role, 'staff.role', true)));
  }

  /** DELETE /admin/staff/:id: the account is a shopper again ('user'); the account itself stays. */
  async remove(admin: StoredUser, rawId: string): Promise<void> {
    const id = this.staffId(rawId);
    await this.store.transaction((tx) => this.change(tx, admin, id, 'user', 'staff.remove', true));
  }

  private staffId(rawId: string): number {
    const id = parseId(rawId);
    if (id === undefined) throw notFound('Staff member not found');
    return id;
  }

  /**
   * Account `id` gets `role`, with the admins locked: 409 when that would leave no admin; 404 when
   * `staffOnly` and the account is not staff. Audited when the role changed.
   */
  private async change(tx: Tx, admin: StoredUser, id: number, role: Role, action: AuditAction, staffOnly = false): Promise<StoredUser> {
    const admins = await this.store.lockAdmins(tx);
    const user = await this.store.userById(id, tx);
    if (!user || (staffOnly && user.role === 'user')) throw notFound('Staff member not found');
    if (user.role === role) return user;
    if (user.role === 'admin' && admins.filter((a) => a !== id).length === 0) throw conflict(LAST_ADMIN);
    const changed = await this.store.setRole(tx, id, role);
    if (!changed) throw notFound('Staff member not found');
    await this.deps.audit.record(tx, auditBy(admin, action, this.now()), { entity: 'staff', entityId: String(id), before: { role: user.role }, after: { role } });
    return changed;
  }
}
