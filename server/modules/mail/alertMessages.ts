// The wishlist's alert mail: back in stock, and price drop. A plain-text part and
// an HTML part from the same values, every value escaped in the HTML, the link absolute from the
// shop's public address and naming the variant (`/products/:id?variant=ID`, as the product page
// reads it).
import { formatMoney, toDollars } from '../../../src/domain/checkout';
import { choiceLabel } from '../../../src/domain/variants';
import type { OutgoingMail, Variant, VariantProduct } from '../../db/port';
import { escapeHtml, oneLine } from './messages';

/** The messages about a user's wishlist and subscriptions. */
export interface AlertMailer {
  /** `variant` of `product` (as it is after the change) is in stock again. */
  backInStock(to: string, product: VariantProduct, variant: Variant): OutgoingMail;
  /** The price (cents) of the saved product (`variant` null: its lowest price) or variant fell from `was` to `now`. */
  priceDrop(to: string, product: VariantProduct, variant: Variant | null, was: number, now: number): OutgoingMail;
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family: system-ui, sans-serif; color: #111827; line-height: 1.5">${body}</body></html>`;
}

/** "Stridewell Chelsea Boots (Size 44)"; the title alone for the product as a whole or one without options. */
function itemName(product: VariantProduct, variant: Variant | null): string {
  const label = variant ? choiceLabel(variant.options, product.options) : '';
  return oneLine(label ? `${product.title} (${label})` : product.title);
}

const productUrl = (base: string, product: VariantProduct, variant: Variant | null) =>
  `${base}/products/${product.id}${variant ? `?variant=${variant.id}` : ''}`;

const FOOTER = 'You get this mail because you asked the shop to tell you. Turn alerts off in your profile.';

function mail(to: string, subject: string, lines: string[], url: string, action: string): OutgoingMail {
  const text = [...lines, '', `${action}: ${url}`, '', FOOTER].join('\n');
  const html = page(
    subject,
    lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a><br>${escapeHtml(url)}</p>` +
      `<p><small>${escapeHtml(FOOTER)}</small></p>`,
  );
  return { to, subject: oneLine(subject), text, html };
}

/** The alert mail with links from `base` (PUBLIC_URL, else the server's own address). */
export function alertMailer(base: string): AlertMailer {
  return {
    backInStock(to, product, variant) {
      const name = itemName(product, variant);
      return mail(to, `Back in stock: ${name}`, [`Good news: ${name} is back in stock.`, 'It may sell out again soon.'], productUrl(base, product, variant), 'See it in the shop');
    },
    priceDrop(to, product, variant, was, now) {
      const name = itemName(product, variant);
      const price = formatMoney(toDollars(now));
      return mail(
        to,
        `Price drop: ${name} now ${price}`,
        [`${name} from your wishlist is now ${price} (it was ${formatMoney(toDollars(was))}).`],
        productUrl(base, product, variant),
        'See it in the shop',
      );
    },
  };
}
