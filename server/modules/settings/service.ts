// The shop's settings: its contact details (src/domain/settings.ts) and the membership fee
// (src/domain/membership.ts), answered to everyone (GET /api/settings) and changed by admins
// (PATCH /api/admin/settings, permission `settings`), audited. Nothing stored yet means the
// defaults below (the shop as it ships). A change is read whole before anything is written: every
// field checked, one message per field, and nothing stored when one is wrong; fields the settings
// do not have are ignored, as everywhere in the API.
import { checkField } from '../../../src/domain/fieldRule';
import { CONTACT_LABELS, contactRules, type ShopContact, type ShopSettings } from '../../../src/domain/settings';
import { DEFAULT_MEMBERSHIP_FEE, membershipFeeError } from '../../../src/domain/membership';
import { toCents, toDollars, type Cents } from '../../../src/domain/checkout';
import { badRequest } from '../../http/errors';
import { requireObject } from '../../http/input';
import type { Store, StoredUser, Tx } from '../../db/port';
import { auditBy, type AuditService } from '../backoffice/audit';
import { describeWrite } from '../backoffice/auditEntries';

/** The contact details of a shop whose admin has set none. */
export const DEFAULT_CONTACT: ShopContact = {
  email: 'help@shop.test',
  phone: '+1 416 555 0100',
  address: 'Best Buy Shop, 88 Queen Street West, Suite 400, Toronto, Ontario M5H 2M9, Canada',
  hours: 'Monday to Friday, 9 am to 6 pm Eastern Time',
};

const CONTACT_KEY = 'contact';
/** The fee in cents, a JSON number. */
const FEE_KEY = 'membershipFee';
const FIELDS = Object.keys(CONTACT_LABELS) as (keyof ShopContact)[];

/** The stored contact over the defaults: a field stored in an older shape falls back to its default. */
function readStored(text: string | undefined): ShopContact {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = text === undefined ? {} : JSON.parse(text);
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    // Unreadable: the defaults.
  }
  const contact = { ...DEFAULT_CONTACT };
  for (const field of FIELDS) if (typeof stored[field] === 'string') contact[field] = stored[field];
  return contact;
}

/** The stored fee in cents; the default when none (or an unreadable one) is stored. */
function readFee(text: string | undefined): Cents {
  try {
    const parsed: unknown = text === undefined ? undefined : JSON.parse(text);
    if (typeof parsed === 'number' && Number.isInteger(parsed) && parsed >= 0) return parsed as Cents;
  } catch {
    // Unreadable: the default.
  }
  return toCents(DEFAULT_MEMBERSHIP_FEE);
}

/** The contact as `change` would make it of `base`: a message per wrong field in `errors`. */
function readContact(change: unknown, base: ShopContact, errors: Record<string, string>): ShopContact {
  if (typeof change !== 'object' || change === null || Array.isArray(change)) {
    errors.contact = 'The contact details must be an object';
    return base;
  }
  const next = { ...base };
  for (const field of FIELDS) {
    const value = (change as Record<string, unknown>)[field];
    if (value === undefined) continue;
    const message = checkField(typeof value === 'string' ? value.trim() : value, contactRules[field]);
    if (message) errors[field] = message;
    else next[field] = (value as string).trim();
  }
  return next;
}

export class SettingsService {
  constructor(
    private readonly store: Pick<Store, 'shopSetting' | 'lockShopSetting' | 'setShopSetting' | 'transaction'>,
    private readonly audit: AuditService,
    private readonly now: () => number,
  ) {}

  /** What everyone may read: the shop's contact details and the membership fee. */
  async settings(): Promise<ShopSettings> {
    const [contact, fee] = await Promise.all([this.store.shopSetting(CONTACT_KEY), this.store.shopSetting(FEE_KEY)]);
    return { contact: readStored(contact), membershipFee: toDollars(readFee(fee)) };
  }

  /** The membership fee in cents, as stored now (read in `tx` when given). */
  async membershipFee(tx?: Tx): Promise<Cents> {
    return readFee(await this.store.shopSetting(FEE_KEY, tx));
  }

  /** PATCH /admin/settings {contact?: {email?, phone?, address?, hours?}, membershipFee?}: the settings after. */
  updateSettings(admin: StoredUser, input: unknown): Promise<ShopSettings> {
    const body = requireObject(input);
    return this.store.transaction(async (tx) => {
      const before = readStored(await this.store.lockShopSetting(tx, CONTACT_KEY));
      const feeBefore = readFee(await this.store.lockShopSetting(tx, FEE_KEY));
      const errors: Record<string, string> = {};
      if (body.contact === undefined && body.membershipFee === undefined) errors.contact = 'The contact details are required';
      const after = body.contact === undefined ? before : readContact(body.contact, before, errors);
      const feeError = body.membershipFee === undefined ? undefined : membershipFeeError(body.membershipFee);
      if (feeError) errors.membershipFee = feeError;
      if (Object.keys(errors).length > 0) throw badRequest('Invalid settings', errors);
      const at = this.now();
      if (body.contact !== undefined) {
        await this.store.setShopSetting(tx, CONTACT_KEY, JSON.stringify(after));
        await this.audit.record(tx, auditBy(admin, 'settings.update', at), describeWrite('settings', CONTACT_KEY, { ...before }, { ...after }));
      }
      let fee = feeBefore;
      if (body.membershipFee !== undefined) {
        fee = toCents(body.membershipFee as number);
        await this.store.setShopSetting(tx, FEE_KEY, JSON.stringify(fee));
        await this.audit.record(tx, auditBy(admin, 'settings.update', at), describeWrite('settings', FEE_KEY, { membershipFee: toDollars(feeBefore) }, { membershipFee: toDollars(fee) }));
      }
      return { contact: after, membershipFee: toDollars(fee) };
    });
  }
}
