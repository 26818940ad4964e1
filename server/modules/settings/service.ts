// The shop's settings: its contact details (src/domain/settings.ts), answered to everyone
// (GET /api/settings) and changed by admins (PATCH /api/admin/settings, permission `settings`),
// audited. Nothing stored yet means the defaults below (the shop as it ships). A change is read
// whole before anything is written: every field checked, one message per field, and nothing
// stored when one is wrong; fields the settings do not have are ignored, as everywhere in the API.
import { checkField } from '../../../src/domain/fieldRule';
import { CONTACT_LABELS, contactRules, type ShopContact, type ShopSettings } from '../../../src/domain/settings';
import { badRequest } from '../../http/errors';
import { requireObject } from '../../http/input';
import type { Store, StoredUser } from '../../db/port';
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

/** The contact as `body` would make it of `base` (other fields are ignored): 400 with a message per wrong field. */
function readChange(input: unknown, base: ShopContact): ShopContact {
  const change = requireObject(input).contact;
  if (typeof change !== 'object' || change === null || Array.isArray(change)) {
    throw badRequest('Invalid settings', { contact: change === undefined ? 'The contact details are required' : 'The contact details must be an object' });
  }
  const errors: Record<string, string> = {};
  const next = { ...base };
  for (const field of FIELDS) {
    const value = (change as Record<string, unknown>)[field];
    if (value === undefined) continue;
    const message = checkField(typeof value === 'string' ? value.trim() : value, contactRules[field]);
    if (message) errors[field] = message;
    else next[field] = (value as string).trim();
  }
  if (Object.keys(errors).length > 0) throw badRequest('Invalid settings', errors);
  return next;
}

export class SettingsService {
  constructor(
    private readonly store: Pick<Store, 'shopSetting' | 'lockShopSetting' | 'setShopSetting' | 'transaction'>,
    private readonly audit: AuditService,
    private readonly now: () => number,
  ) {}

  /** What everyone may read: the shop's contact details. */
  async settings(): Promise<ShopSettings> {
    return { contact: readStored(await this.store.shopSetting(CONTACT_KEY)) };
  }

  /** PATCH /admin/settings {contact: {email?, phone?, address?, hours?}}: the settings after. */
  updateSettings(admin: StoredUser, body: unknown): Promise<ShopSettings> {
    return this.store.transaction(async (tx) => {
      const before = readStored(await this.store.lockShopSetting(tx, CONTACT_KEY));
      const after = readChange(body, before);
      await this.store.setShopSetting(tx, CONTACT_KEY, JSON.stringify(after));
      await this.audit.record(tx, auditBy(admin, 'settings.update', this.now()), describeWrite('settings', CONTACT_KEY, { ...before }, { ...after }));
      return { contact: after };
    });
  }
}
