// The shop's messages: each a plain-text part and an HTML part built from the same values, every
// value escaped in the HTML, links absolute from the shop's public address (PUBLIC_URL).
import { MEMBERSHIP_TITLE } from '../../../src/domain/membership';
import { formatMoney } from '../../../src/domain/checkout';
import { deliveryText } from '../../../src/domain/deliveryText';
import { lineCharges, orderCharges, orderPaymentText } from '../../../src/domain/orderText';
import { choiceLabel } from '../../../src/domain/variants';
import type { Order, OrderStatus } from '../../../src/domain/types';
import type { OutgoingMail } from '../../db/port';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside HTML elements and quoted attributes. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** One line for a header: control characters (CR, LF, …) become spaces. */
export const oneLine = (value: string): string => value.replace(/\p{Cc}+/gu, ' ').trim();

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family: system-ui, sans-serif; color: #111827; line-height: 1.5">${body}</body></html>`;
}

const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;

export const RESET_SUBJECT = 'Reset your password';

/** The password reset mail: the link (valid `minutes`) and what to do when it was not you. */
export function resetPasswordMail(to: string, url: string, minutes: number): OutgoingMail {
  const text = [
    'Someone (hopefully you) asked to reset the password of your shop account.',
    '',
    `Open this link to choose a new password (it works once, for ${minutes} minutes):`,
    url,
    '',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ].join('\n');
  const html = page(
    RESET_SUBJECT,
    `<p>Someone (hopefully you) asked to reset the password of your shop account.</p>` +
      `<p>${link(url, 'Choose a new password')} (the link works once, for ${minutes} minutes):<br>${escapeHtml(url)}</p>` +
      `<p>If you did not ask for this, ignore this mail: your password stays as it is.</p>`,
  );
  return { to, subject: RESET_SUBJECT, text, html };
}

export const VERIFY_SUBJECT = 'Confirm your email address';

/** The email verification mail: the link (valid `days`) and what to do when it was not you. */
export function verifyEmailMail(to: string, url: string, days: number): OutgoingMail {
  const text = [
    'Welcome to the shop! Please confirm that this is your email address.',
    '',
    `Open this link to confirm it (it works once, for ${days} days):`,
    url,
    '',
    'If you did not make an account at our shop, ignore this mail.',
  ].join('\n');
  const html = page(
    VERIFY_SUBJECT,
    `<p>Welcome to the shop! Please confirm that this is your email address.</p>` +
      `<p>${link(url, 'Confirm my email address')} (the link works once, for ${days} days):<br>${escapeHtml(url)}</p>` +
      `<p>If you did not make an account at our shop, ignore this mail.</p>`,
  );
  return { to, subject: VERIFY_SUBJECT, text, html };
}

export const INVITATION_SUBJECT = "You're invited to the shop's back office";

/** A staff invitation: the role, and the link (valid `days`) to choose a password for the new account. */
export function staffInvitationMail(to: string, url: string, role: string, days: number): OutgoingMail {
  const text = [
    `This is an invitation: you have been given a staff account at the shop, with the role "${role}".`,
    '',
    `Open this link to choose your password (it works once, for ${days} days), then sign in with this address:`,
    url,
    '',
    'If you did not expect this invitation, ignore this mail.',
  ].join('\n');
  const html = page(
    INVITATION_SUBJECT,
    `<p>This is an invitation: you have been given a staff account at the shop, with the role "${escapeHtml(role)}".</p>` +
      `<p>${link(url, 'Choose my password')} (the link works once, for ${days} days), then sign in with this address:<br>${escapeHtml(url)}</p>` +
      `<p>If you did not expect this invitation, ignore this mail.</p>`,
  );
  return { to, subject: INVITATION_SUBJECT, text, html };
}

function addressLines(order: Order): string[] {
  const a = order.selectedAddress;
  return [a.name, a.street, `${a.city}, ${a.state} ${a.pincode}`, a.country, a.phoneNumber, a.email].map(oneLine);
}

const rate = (percent: number) => `${Number(percent.toFixed(4))}%`;

/** The order's charges as label/amount rows: subtotal, each promotion, shipping, tax, the membership fee, total (all stored). */
function chargeRows(order: Order): [label: string, amount: string][] {
  const { promotions, shipping, tax, totals } = orderCharges(order);
  const rows: [string, string][] = [['Subtotal', formatMoney(totals.subtotal)]];
  for (const p of promotions) rows.push([oneLine(p.code ? `${p.label} (code ${p.code})` : p.label), `−${formatMoney(p.amount)}`]);
  if (promotions.length === 0 && totals.discount > 0) rows.push(['Discount', `−${formatMoney(totals.discount)}`]);
  rows.push([`Shipping (${oneLine(shipping.name)})`, totals.shipping === 0 ? 'Free' : formatMoney(totals.shipping)]);
  rows.push([`Tax (${rate(tax.rate)})`, formatMoney(totals.tax)]);
  // The membership fee: its own line, never discounted nor taxed.
  if (totals.membership !== undefined) rows.push([MEMBERSHIP_TITLE, formatMoney(totals.membership)]);
  rows.push(['Total', formatMoney(totals.total)]);
  return rows;
}

function orderDetails(order: Order, base: string): { text: string; html: string } {
  const lines = order.items.map((i) => {
    const charged = lineCharges(i);
    const choice = i.variant ? choiceLabel(i.variant.options) : '';
    return {
      title: oneLine(i.product.title),
      choice: oneLine(choice),
      quantity: i.quantity,
      unit: formatMoney(charged.unitPrice),
      discount: charged.discount > 0 ? `−${formatMoney(charged.discount)}` : '',
      total: formatMoney(charged.total),
    };
  });
  const charges = chargeRows(order);
  const payment = orderPaymentText(order);
  const url = `${base}/orders`;
  const text = [
    ...lines.map((l) => `${l.quantity} × ${l.title}${l.choice ? ` (${l.choice})` : ''}  ${l.unit} each${l.discount ? `  discount ${l.discount}` : ''}  ${l.total}`),
    '',
    `Items: ${order.totalItems}`,
    ...charges.map(([label, amount]) => `${label}: ${amount}`),
    `Payment: ${payment}`,
    '',
    'Delivery address:',
    ...addressLines(order),
    '',
    `Your orders: ${url}`,
  ].join('\n');
  const right = 'style="text-align:right"';
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.title)}${l.choice ? `<br><small>${escapeHtml(l.choice)}</small>` : ''}</td><td ${right}>${l.quantity}</td>` +
        `<td ${right}>${escapeHtml(l.unit)}</td><td ${right}>${escapeHtml(l.discount)}</td><td ${right}>${escapeHtml(l.total)}</td></tr>`,
    )
    .join('');
  const totals = charges
    .map(([label, amount], i) => {
      const last = i === charges.length - 1;
      const cell = last ? `<strong>${escapeHtml(amount)}</strong>` : escapeHtml(amount);
      return `<tr><th scope="row" colspan="4" style="text-align:left">${escapeHtml(label)}</th><td ${right}>${cell}</td></tr>`;
    })
    .join('');
  const html =
    `<table style="border-collapse: collapse"><thead><tr><th scope="col" style="text-align:left">Item</th><th scope="col">Qty</th><th scope="col">Price</th><th scope="col">Discount</th><th scope="col">Amount</th></tr></thead>` +
    `<tbody>${rows}</tbody><tfoot>${totals}</tfoot></table>` +
    `<p>Items: ${order.totalItems}<br>Payment: ${escapeHtml(payment)}</p>` +
    `<p>Delivery address:<br>${addressLines(order).map(escapeHtml).join('<br>')}</p>` +
    `<p>${link(url, 'See your orders')}</p>`;
  return { text, html };
}

/** The estimate the order stored when placed: "Estimated delivery (Express): Mon, Nov 30 – Wed, Dec 2"; none for an order without one. */
export function deliveryLine(order: Order): string | undefined {
  return order.delivery ? oneLine(`Estimated delivery (${order.delivery.method}): ${deliveryText(order.delivery)}`) : undefined;
}

/** The confirmation of a placed order, with its stored delivery estimate. */
export function orderPlacedMail(to: string, order: Order, base: string): OutgoingMail {
  const subject = `Order #${order.id} confirmed`;
  const { text, html } = orderDetails(order, base);
  const estimate = deliveryLine(order);
  return {
    to,
    subject,
    text: `Thank you for your order #${order.id}.\n\n${estimate ? `${estimate}\n\n` : ''}${text}`,
    html: page(subject, `<p>Thank you for your order #${order.id}.</p>${estimate ? `<p>${escapeHtml(estimate)}</p>` : ''}${html}`),
  };
}

const STATUS_NEWS: Partial<Record<OrderStatus, string>> = {
  dispatched: 'has been shipped',
  delivered: 'has been delivered',
  cancelled: 'has been cancelled',
};

/** The mail for an order's new status; undefined for a status the shopper is not mailed about. */
export function orderStatusMail(to: string, order: Order, base: string): OutgoingMail | undefined {
  const news = STATUS_NEWS[order.status];
  if (!news) return undefined;
  const subject = `Order #${order.id} ${news}`;
  const { text, html } = orderDetails(order, base);
  const parcel = order.status === 'dispatched' ? trackingLines(order) : { text: '', html: '' };
  return {
    to,
    subject,
    text: `Your order #${order.id} ${news}.\n\n${parcel.text}${text}`,
    html: page(subject, `<p>Your order #${order.id} ${escapeHtml(news)}.</p>${parcel.html}${html}`),
  };
}

/** A dispatched order's carrier and tracking number, with the carrier's tracking link when known. */
function trackingLines(order: Order): { text: string; html: string } {
  const t = order.tracking;
  if (!t || (!t.carrier && !t.number)) return { text: '', html: '' };
  const label = oneLine([t.carrier, t.number && `tracking number ${t.number}`].filter(Boolean).join(', '));
  const text = `Shipped with ${label}.\n${t.url ? `Track it: ${t.url}\n` : ''}\n`;
  const html = `<p>Shipped with ${escapeHtml(label)}.${t.url ? ` ${link(t.url, 'Track your parcel')}` : ''}</p>`;
  return { text, html };
}
