// The order mail's breakdown (server/modules/mail/messages.ts): what the order stored, line by line and in
// totals, with the payment, in both parts; every value escaped in the HTML. The mail's delivery
// and its place in the outbox are tested through the API in tests/api/mail/orderMail.test.ts.
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../src/domain/types';
import { orderPlacedMail, orderStatusMail } from './messages';

const address = { name: 'Ann Lee', email: 'ann@example.com', phoneNumber: '4165550100', street: '1 King St', city: 'Toronto', state: 'Ontario', pincode: 'M5H 1A1', country: 'Canada' as const };

function pricedOrder(): Order {
  return {
    id: 42,
    user: 2,
    items: [
      {
        id: 1,
        product: { id: 7, title: 'MacBook <Pro>', price: 1500, discountPercentage: 0, category: 'laptops' } as Order['items'][number]['product'],
        variant: { id: 70, sku: 'MBP-16', options: { Memory: '16 GB' }, price: 1500, discountPercentage: 0, stock: 3 } as Order['items'][number]['variant'],
        quantity: 1,
        unitPrice: 1500,
        discount: 300,
        total: 1200,
      },
      {
        id: 2,
        product: { id: 9, title: 'Perfume', price: 30, discountPercentage: 0, category: 'fragrances' } as Order['items'][number]['product'],
        quantity: 2,
        unitPrice: 30,
        discount: 0,
        total: 60,
      },
    ],
    totalAmount: 1445.23,
    totalItems: 3,
    paymentMethod: 'card',
    selectedAddress: address,
    status: 'pending',
    promotions: [{ id: 1, code: null, label: 'Members: 20% off <Electronics>', amount: 300 }],
    shipping: { method: 5, name: 'Express', amount: 19.99 },
    tax: { rate: 13, amount: 166.24 },
    totals: { subtotal: 1560, discount: 300, shipping: 19.99, tax: 166.24, total: 1446.23 },
    payment: { method: 'card', status: 'authorized', brand: 'Visa', last4: '4242' },
  };
}

describe('order mail breakdown', () => {
  it('text: lines with variant, unit price, discount and total; subtotal, each promotion, shipping by name, tax with its rate, total; the payment', () => {
    const mail = orderPlacedMail('ann@example.com', pricedOrder(), 'https://shop.example');
    expect(mail.text).toContain('1 × MacBook <Pro> (Memory 16 GB)  $1,500.00 each  discount −$300.00  $1,200.00');
    expect(mail.text).toContain('2 × Perfume  $30.00 each  $60.00');
    expect(mail.text).toContain(
      ['Items: 3', 'Subtotal: $1,560.00', 'Members: 20% off <Electronics>: −$300.00', 'Shipping (Express): $19.99', 'Tax (13%): $166.24', 'Total: $1,446.23', 'Payment: Card •••• 4242 (Visa) — Authorized, not charged yet'].join('\n'),
    );
  });

  it('HTML: the same figures, escaped, the total in bold', () => {
    const { html } = orderPlacedMail('ann@example.com', pricedOrder(), 'https://shop.example');
    expect(html).toContain('MacBook &lt;Pro&gt;<br><small>Memory 16 GB</small>');
    expect(html).toContain('<td style="text-align:right">−$300.00</td><td style="text-align:right">$1,200.00</td>');
    expect(html).toContain('Members: 20% off &lt;Electronics&gt;</th><td style="text-align:right">−$300.00</td>');
    expect(html).toContain('Shipping (Express)</th><td style="text-align:right">$19.99</td>');
    expect(html).toContain('Tax (13%)</th><td style="text-align:right">$166.24</td>');
    expect(html).toContain('<strong>$1,446.23</strong>');
    expect(html).toContain('Payment: Card •••• 4242 (Visa) — Authorized, not charged yet');
    expect(html).not.toContain('<Pro>');
  });

  it('a code is named beside its label; free shipping says Free; a status mail carries the same breakdown', () => {
    const order = pricedOrder();
    order.promotions = [{ id: 3, code: 'SAVE10', label: '$10 off', amount: 10 }];
    order.shipping = { method: 4, name: 'Standard', amount: 0 };
    order.totals = { ...order.totals!, shipping: 0 };
    order.status = 'delivered';
    order.payment = { method: 'cash', status: 'paid' };
    const mail = orderStatusMail('ann@example.com', order, 'https://shop.example')!;
    expect(mail.text).toContain('$10 off (code SAVE10): −$10.00');
    expect(mail.text).toContain('Shipping (Standard): Free');
    expect(mail.text).toContain('Payment: Cash on delivery — Paid');
  });

  it('the confirmation says the delivery estimate the order stored, as stored (UTC days); an order without one says none', () => {
    const order = { ...pricedOrder(), delivery: { method: 'Express <fast>', from: '2026-12-31', to: '2027-01-04' } };
    const mail = orderPlacedMail('ann@example.com', order, 'https://shop.example');
    expect(mail.text).toContain('Thank you for your order #42.\n\nEstimated delivery (Express <fast>): Thu, Dec 31 – Mon, Jan 4\n\n');
    expect(mail.html).toContain('<p>Estimated delivery (Express &lt;fast&gt;): Thu, Dec 31 – Mon, Jan 4</p>');
    expect(orderPlacedMail('ann@example.com', { ...order, delivery: { ...order.delivery, to: '2026-12-31' } }, 'https://shop.example').text).toContain('Express <fast>): Thu, Dec 31\n');
    expect(orderPlacedMail('ann@example.com', pricedOrder(), 'https://shop.example').text).not.toContain('Estimated delivery');
  });

  it('an order placed before prices were kept: its stored total, no discount, free shipping, no tax, payment from its method and status', () => {
    const order = pricedOrder();
    for (const key of ['promotions', 'shipping', 'tax', 'totals', 'payment'] as const) delete order[key];
    order.items = order.items.map(({ unitPrice: _u, discount: _d, total: _t, ...item }) => ({ ...item, variant: undefined }));
    order.totalAmount = 1560;
    order.paymentMethod = 'cash';
    const { text } = orderPlacedMail('ann@example.com', order, 'https://shop.example');
    expect(text).toContain('1 × MacBook <Pro>  $1,500.00 each  $1,500.00');
    expect(text).toContain(['Subtotal: $1,560.00', 'Shipping (Free shipping): Free', 'Tax (0%): $0.00', 'Total: $1,560.00', 'Payment: Cash on delivery — Not paid yet'].join('\n'));
  });
});
