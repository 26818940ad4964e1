// The mail a shopper gets at each step of a return: the step, the units returned, the
// refund once known (once refunded, the order's payment as every page words it), and a link to the order. Text and HTML from the same values, every value
// escaped in the HTML, links absolute from the shop's public address (PUBLIC_URL).
import { formatMoney } from '../../../src/domain/checkout';
import type { Order, OrderReturn, ReturnStatus } from '../../../src/domain/types';
import { orderPaymentText } from '../../../src/domain/orderText';
import { choiceLabel } from '../../../src/domain/variants';
import type { OutgoingMail } from '../../db/port';
import { escapeHtml, oneLine } from './messages';

/** What each step means for the shopper. */
const NEWS: Record<ReturnStatus, string> = {
  requested: 'We have your return request and will look at it shortly.',
  approved: 'Your return is approved: please send the items back to us.',
  rejected: 'We are sorry: your return was not accepted. Reply to this mail if you have questions.',
  received: 'We have received the items you sent back.',
  refunded: 'Your refund is on its way.',
};

export const returnSubject = (order: number, status: ReturnStatus) => `Your return for order #${order} is ${status}`;

/** The mail about return `ret` of `order` (as it is after the step). */
export function returnMail(to: string, order: Order, ret: OrderReturn, base: string): OutgoingMail {
  const subject = returnSubject(order.id, ret.status);
  const url = `${base}/orders/${order.id}`;
  const lines = ret.items.map((i) => {
    const item = order.items.find((l) => l.id === i.line);
    const choice = item?.variant ? choiceLabel(item.variant.options) : '';
    return `${i.quantity} × ${oneLine(item?.product.title ?? `line ${i.line}`)}${choice ? ` (${oneLine(choice)})` : ''}`;
  });
  const refund = ret.refund && `Refund: ${formatMoney(ret.refund.amount)} ${ret.refund.method === 'card' ? 'to your card' : 'in cash'}`;
  const payment = ret.status === 'refunded' ? `Payment: ${orderPaymentText(order)}` : undefined;
  const text = [
    NEWS[ret.status],
    '',
    `Return #${ret.id} of order #${order.id}:`,
    ...lines,
    `Reason: ${oneLine(ret.reason)}`,
    ...(refund ? [refund] : []),
    ...(payment ? [payment] : []),
    '',
    `Your order: ${url}`,
  ].join('\n');
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family: system-ui, sans-serif; color: #111827; line-height: 1.5">` +
    `<p>${escapeHtml(NEWS[ret.status])}</p>` +
    `<p>Return #${ret.id} of order #${order.id}:</p><ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` +
    `<p>Reason: ${escapeHtml(oneLine(ret.reason))}</p>` +
    (refund ? `<p>${escapeHtml(refund)}</p>` : '') +
    (payment ? `<p>${escapeHtml(payment)}</p>` : '') +
    `<p><a href="${escapeHtml(url)}">See your order</a></p></body></html>`;
  return { to, subject, text, html };
}
