// Paid membership, the shopper's side: joining puts the membership line in the cart (the order
// that holds it makes the shopper a member for a year: OrderService, UserService.startMembership);
// a fee of 0 keeps membership free and instant. Leaving stops the renewal of a paid term (the
// member stays one until it ends) or ends a membership without end at once. The reminder sweep
// mails each renewing member once, MEMBERSHIP_REMINDER_DAYS before the term ends, through the
// outbox, in the transaction that marks the term reminded.
import type { User } from '../../../src/domain/types';
import { memberAt, MEMBERSHIP_REMINDER_DAYS, type MembershipLine } from '../../../src/domain/membership';
import { conflict } from '../../http/errors';
import type { AccountStore, Store, StoredUser } from '../../db/port';
import type { CartService } from '../cart/service';
import type { MailService } from '../mail/service';
import { membershipReminderMail } from '../mail/membershipMessages';
import type { SettingsService } from '../settings/service';
import { toPublicUser, type UserService } from './users';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the server runs the reminder sweep (server/index.ts). */
export const REMINDER_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** What POST /users/own/membership answers: 201 with the cart's new line, or 200 with the user (a free membership). */
export type Joined = { line: MembershipLine } | { user: User };

export class MembershipService {
  constructor(
    private readonly store: Pick<AccountStore, 'membersToRemind' | 'markMembershipReminded'> & Pick<Store, 'transaction'>,
    private readonly deps: { users: UserService; cart: CartService; settings: SettingsService; mail: MailService },
    private readonly now: () => number,
    private readonly linkBase: string,
  ) {}

  /**
   * POST /users/own/membership: the membership line in the caller's cart (409 when it is there, or
   * the caller is a member already). Fee 0: the caller a member at once, without end (the same
   * again changes nothing), as membership was before it was paid for.
   */
  async join(me: StoredUser): Promise<Joined> {
    const at = this.now();
    const fee = await this.deps.settings.membershipFee();
    const member = memberAt(me.member === true, me.memberUntil, at);
    if (fee === 0 && (!member || me.memberUntil === undefined)) {
      return { user: toPublicUser(await this.deps.users.setMembership(me, true), at) };
    }
    if (member) throw conflict('You are already a member');
    return { line: await this.deps.cart.addMembership(me.id) };
  }

  /**
   * DELETE /users/own/membership: the membership line leaves the cart; a paid term still running
   * stops renewing (no reminder; the caller stays a member until it ends); any other membership
   * ends at once. The user after it.
   */
  async leave(me: StoredUser): Promise<User> {
    const at = this.now();
    await this.deps.cart.removeMembership(me.id);
    const paidTerm = me.member === true && me.memberUntil !== undefined && Date.parse(me.memberUntil) > at;
    const user = paidTerm ? await this.deps.users.stopRenewal(me) : await this.deps.users.setMembership(me, false);
    return toPublicUser(user, at);
  }

  /** Mails each renewing member whose term ends within MEMBERSHIP_REMINDER_DAYS and who was not reminded of it; how many were mailed. */
  async sendReminders(): Promise<number> {
    const at = this.now();
    const due = await this.store.membersToRemind(new Date(at).toISOString(), new Date(at + MEMBERSHIP_REMINDER_DAYS * DAY_MS).toISOString());
    if (due.length === 0) return 0;
    const fee = await this.deps.settings.membershipFee();
    let sent = 0;
    for (const user of due) {
      const until = user.memberUntil!;
      const marked = await this.store.transaction(async (tx) => {
        if (!(await this.store.markMembershipReminded(tx, user.id, until))) return false;
        await this.deps.mail.enqueue(tx, membershipReminderMail(user.email, until, fee, this.linkBase), at);
        return true;
      });
      if (marked) sent++;
    }
    return sent;
  }
}
