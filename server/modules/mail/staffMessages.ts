// The staff's mail about a product (its `notify` settings, server/modules/catalogue/staffAlerts.ts):
// a new review, low stock, sold out. Plain text, short: the product's title and id (and the
// variant's SKU and options), the stock left, and a link to the product's back-office page.
// The event's shape is this module's own (the catalogue's alerts fit it: server/modules/index.ts).
import type { Review } from '../../../src/domain/types';
import { choiceLabel } from '../../../src/domain/variants';
import type { OutgoingMail } from '../../db/port';
import { oneLine } from './messages';

/** The product a staff mail is about: the variant's SKU and options when the product has options. */
export interface StaffMailProduct {
  id: number;
  title: string;
  variant?: { sku: string; options: Record<string, string> };
}

/** What happened: a new review, or a sale that took a variant's stock low (at or below `threshold`) or to 0. */
export type StaffMailEvent =
  | { kind: 'review'; product: StaffMailProduct; review: Pick<Review, 'rating' | 'reviewerName' | 'comment'> }
  | { kind: 'lowStock' | 'soldOut'; product: StaffMailProduct; stock: number; threshold: number };

/** "Chelsea Boots (#12, SKU BOOT-44, Size 44)"; "Perfume (#7)" for a product without options. */
function productName({ id, title, variant }: StaffMailProduct): string {
  const details = [`#${id}`, ...(variant ? [`SKU ${variant.sku}`, choiceLabel(variant.options)].filter(Boolean) : [])];
  return oneLine(`${title} (${details.join(', ')})`);
}

/** The product's page in the back office, from `base` (PUBLIC_URL, else the server's own address). */
export const backOfficeUrl = (base: string, product: number) => `${base}/admin/productdetail/${product}`;

/** The message to `to` (STAFF_EMAIL) about `alert`. */
export function staffAlertMail(to: string, alert: StaffMailEvent, base: string): OutgoingMail {
  const name = productName(alert.product);
  const link = `Back office: ${backOfficeUrl(base, alert.product.id)}`;
  const mail = (subject: string, lines: string[]): OutgoingMail => ({ to, subject: oneLine(subject), text: [...lines, '', link].join('\n') });
  switch (alert.kind) {
    case 'review':
      return mail(`New review: ${name}`, [
        `${name} has a new review: ${alert.review.rating} of 5 by ${oneLine(alert.review.reviewerName)}.`,
        '',
        alert.review.comment,
      ]);
    case 'lowStock':
      return mail(`Low stock: ${name}`, [`${name} is low on stock: ${alert.stock} left (low-stock threshold ${alert.threshold}).`]);
    case 'soldOut':
      return mail(`Sold out: ${name}`, [`${name} is sold out: 0 left.`]);
  }
}
