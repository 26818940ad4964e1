// The shop's own details, set by an admin on the back office's Shop settings page and read by the
// footer's pages (Contact us, Returns, Privacy, …), so those pages state what is stored rather
// than repeating it in prose. Plain TypeScript, shared by client and server: the form and the
// server check a change with the same rules.
import { tooLong, type Rules } from './fieldRule';
import { EMAIL_PATTERN } from './validation';

/** How shoppers reach the shop: GET /api/settings answers it as `contact`. */
export interface ShopContact {
  email: string;
  phone: string;
  /** The postal address, one line (returns are sent there). */
  address: string;
  /** When the phone is answered, e.g. "Monday to Friday, 9 am to 6 pm Eastern Time". */
  hours: string;
}

export interface ShopSettings {
  contact: ShopContact;
  /** The membership fee in dollars a year (src/domain/membership.ts); 0: membership is free and instant. */
  membershipFee: number;
}

export const MEMBERSHIP_FEE_LABEL = 'Membership fee (a year)';

export const CONTACT_LABELS: Record<keyof ShopContact, string> = {
  email: 'Contact email',
  phone: 'Phone',
  address: 'Postal address',
  hours: 'Opening hours',
};

/** Every contact field is required (a page would show a gap otherwise). */
export const contactRules: Rules<keyof ShopContact> = {
  email: { required: 'Contact email is required', maxLength: tooLong('Contact email', 254), pattern: { value: EMAIL_PATTERN, message: 'Email not valid' } },
  phone: { required: 'Phone is required', maxLength: tooLong('Phone', 40) },
  address: { required: 'Postal address is required', maxLength: tooLong('Postal address', 200) },
  hours: { required: 'Opening hours are required', maxLength: tooLong('Opening hours', 100) },
};
