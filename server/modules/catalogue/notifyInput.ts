// A product write's `notify` (which events the staff is mailed of): optional in every write; when
// sent, an object of true/false under `review`, `lowStock` and `soldOut`. A key left out keeps what
// the product has (off for a new product); anything else is refused (400, `errors.notify`).
import type { ProductNotify } from '../../../src/domain/types';
import type { Errors } from '../../http/validate';

export const NOTIFY_KEYS = ['review', 'lowStock', 'soldOut'] as const;
export const NOTIFY_MESSAGE = 'Notifications must be an object of true/false under review, lowStock and soldOut';

/** The settings the body's `notify` sets ({} when not sent; errors.notify when it is not as above). */
export function readNotify(body: Record<string, unknown>, errors: Errors): Partial<ProductNotify> {
  const sent = body.notify;
  if (sent === undefined) return {};
  const fine =
    typeof sent === 'object' &&
    sent !== null &&
    !Array.isArray(sent) &&
    Object.entries(sent).every(([key, value]) => (NOTIFY_KEYS as readonly string[]).includes(key) && typeof value === 'boolean');
  if (!fine) {
    errors.notify = NOTIFY_MESSAGE;
    return {};
  }
  return sent as Partial<ProductNotify>;
}
