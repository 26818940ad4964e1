// Every placed order shows what it was charged in Chromium against the seed:
// a new shopper puts membership in the cart with the banner's button (by keyboard), buys it with a
// laptop (a category of the members' promotion, which applies to that same order) at the checkout
// with Express to Canada by the test card, is a member from then on, and the
// checkout's quote, the success page, My Orders, the order page, the back office's order page and
// the orders CSV show the same figures to the cent as the order the API answers (subtotal, the
// promotion, shipping, tax, the membership fee, total) and its payment. Axe at 360 px and desktop on each page.
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { formatMoney, type PricedOrderFields } from '../../src/domain/checkout';
import { DEMO_ADMIN, expect, expectAccessibleAtAllWidths, SAMPLE_ADDRESS, test } from './fixtures';
import { laptopInCartToCanada } from './prices';

const NEXT_YEAR = new Date().getUTCFullYear() + 1;
type PlacedOrder = PricedOrderFields & { id: number; totalAmount: number; membershipFee?: number };

/** The rows the order's breakdown must show, from the order as the API answers it. */
function expectedRows(order: PlacedOrder): [string, string][] {
  const { totals, promotions, shipping, tax } = order;
  return [
    ['Subtotal', formatMoney(totals.subtotal)],
    ...promotions.map((p): [string, string] => [p.code ? `${p.label}${p.code}` : p.label, `−${formatMoney(p.amount)}`]),
    [`Shipping (${shipping.name})`, totals.shipping === 0 ? 'Free' : formatMoney(totals.shipping)],
    [`Tax (${Number(tax.rate.toFixed(4))}%)`, formatMoney(totals.tax)],
    ...(totals.membership === undefined ? [] : [['Membership (1 year)', formatMoney(totals.membership)] as [string, string]]),
    ['Total', formatMoney(totals.total)],
  ];
}

/** The rows of the breakdown (`Order #N total`) on the page. */
async function shownRows(page: Page, id: number): Promise<[string, string][]> {
  const list = page.getByLabel(`Order #${id} total`);
  await expect(list).toBeVisible();
  return list.evaluate((dl) => [...dl.querySelectorAll('dt')].map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']));
}

test('a shopper buys membership with a laptop, Express to Canada by card; every order page shows the same figures', async ({ page, shopper, browser }) => {
  test.slow(); // five pages, each at two widths
  expect(shopper.email).toContain('@');

  // The banner: the promotion's words, and the button that puts membership in the cart (keyboard).
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Promotion' });
  const apply = banner.getByRole('button', { name: 'Apply for Membership' });
  await expect(apply).toBeVisible({ timeout: 30_000 }); // once the banner's promotion has answered
  await expectAccessibleAtAllWidths(page, () => expect(apply).toBeVisible());
  await apply.focus();
  await page.keyboard.press('Enter');
  await expect(banner.getByRole('status')).toHaveText(/Membership added to your cart, at its yearly fee/);
  await expect(banner.getByRole('button')).toHaveCount(0);
  // Not a member until the order that holds it is placed.
  expect((await (await page.request.get('/api/auth/check')).json()).member).toBe(false);
  await expectAccessibleAtAllWidths(page, () => expect(banner.getByRole('status')).toBeVisible());

  // The order, at the checkout as a shopper places it: a laptop, Express to Canada, the test card.
  await laptopInCartToCanada(page);
  // The cart shows the membership line at the fee the back office set (the seed's $49.00), removable.
  await page.goto('/cart');
  const membershipLine = page.getByTestId('membership-line');
  await expect(membershipLine.getByRole('heading', { name: 'Membership (1 year)' })).toBeVisible();
  await expect(membershipLine.getByText('$49.00')).toBeVisible();
  await expect(membershipLine.getByRole('button', { name: 'Remove Membership (1 year)' })).toBeEnabled();
  await expectAccessibleAtAllWidths(page, () => expect(membershipLine).toBeVisible());
  await page.goto('/checkout');
  await page.getByRole('radio', { name: new RegExp(SAMPLE_ADDRESS.name) }).check();
  await expect(page.getByRole('radio', { name: /^Standard/ })).toBeChecked();
  await page.getByRole('radio', { name: /^Express/ }).check();
  const quoted = page.getByLabel('Order total');
  await expect(quoted.getByText('Shipping (Express)')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const quotedRows = await quoted.evaluate((dl) => [...dl.querySelectorAll('dt')].map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']));
  await page.getByRole('radio', { name: 'Card Payment' }).check();
  const card = page.getByRole('group', { name: 'Card details' });
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiry month').fill('12');
  await card.getByLabel('Expiry year').fill(String(NEXT_YEAR));
  await card.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/orderSuccess\/\d+$/);
  const orderId = Number(page.url().split('/').pop());
  const me = (await (await page.request.get('/api/auth/check')).json()) as { id: number };
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as PlacedOrder;
  expect(order.totals.discount).toBeGreaterThan(0); // the members' promotion applied, with membership in the cart
  expect(order.membershipFee).toBe(49);
  expect(order.totals.membership).toBe(49);
  const account = (await (await page.request.get('/api/auth/check')).json()) as { member: boolean; memberUntil: string };
  expect(account.member).toBe(true);
  expect(Date.parse(account.memberUntil)).toBeGreaterThan(Date.now() + 364 * 24 * 60 * 60 * 1000);
  // Its discount line says the short label, not the banner's sentence.
  expect(order.promotions.map((p) => p.label)).toEqual(["Members' 20% off Electronics"]);
  expect(order.shipping.name).toBe('Express');
  expect(order.payment).toMatchObject({ method: 'card', status: 'authorized', brand: 'Visa', last4: '4242' });
  expect(order.totals.total).toBe(order.totalAmount);
  // What the checkout showed before 'Order Now' is what the order was charged.
  expect(quotedRows).toEqual(expectedRows(order));
  const rows = expectedRows(order);
  const payment = `Card •••• 4242 (Visa) — Authorized, not charged yet`;

  // The success page (after a reload: from the API).
  await page.goto(`/orderSuccess/${order.id}`);
  expect(await shownRows(page, order.id)).toEqual(rows);
  await expect(page.getByRole('region', { name: 'Summary' }).getByText(payment)).toBeVisible();
  await expectAccessibleAtAllWidths(page, () => expect(page.getByLabel(`Order #${order.id} total`)).toBeVisible());

  // My Orders: the total.
  await page.getByRole('link', { name: 'My Account > My Orders' }).click();
  const summary = page.getByRole('article', { name: `Order #${order.id}` });
  await expect(summary).toContainText(formatMoney(order.totals.total));
  await expectAccessibleAtAllWidths(page, () => expect(summary).toBeVisible());

  // The order page.
  await summary.getByRole('link', { name: `Order #${order.id}` }).click();
  await expect(page).toHaveURL(`/orders/${order.id}`);
  expect(await shownRows(page, order.id)).toEqual(rows);
  await expect(page.getByRole('region', { name: 'Summary' }).getByText(payment)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Items' }).getByText(/^Discount −\$/)).toBeVisible();
  await expectAccessibleAtAllWidths(page, () => expect(page.getByLabel(`Order #${order.id} total`)).toBeVisible());

  // The back office's list and order page.
  const context = await browser.newContext();
  const admin = await context.newPage();
  expect((await admin.request.post('/api/auth/login', { data: DEMO_ADMIN })).status()).toBe(200);
  await admin.goto(`/admin/orders?q=${encodeURIComponent(shopper.email)}`);
  await expect(admin.getByText(formatMoney(order.totals.total)).first()).toBeVisible();
  await admin.goto(`/admin/orders/${order.id}`);
  expect(await shownRows(admin, order.id)).toEqual(rows);
  await expect(admin.getByRole('region', { name: 'Customer' }).getByText(payment)).toBeVisible();
  await expectAccessibleAtAllWidths(admin, () => expect(admin.getByLabel(`Order #${order.id} total`)).toBeVisible());

  // The orders CSV export: the same five figures and the payment's status.
  const csv = await admin.request.get(`/api/admin/export/orders.csv?user=${me.id}`);
  expect(csv.status()).toBe(200);
  const exported = parse(await csv.text(), { columns: true }) as Record<string, string>[];
  const line = exported.find((row) => row.id === String(order.id));
  expect(line, 'the order is in the export').toBeDefined();
  const cell = (name: string) => line![name];
  for (const name of ['subtotal', 'discount', 'shipping', 'tax', 'total'] as const) expect(Number(cell(name)), name).toBe(order.totals[name]);
  expect(cell('paymentStatus')).toBe('authorized');
  expect(Number(cell('membership'))).toBe(49);
  await context.close();

  // The banner now: a member reads what they have, never the offer to join.
  await page.goto('/');
  await expect(banner.getByText('Members save 20% on Electronics')).toBeVisible({ timeout: 30_000 });
  await expect(banner).not.toContainText('Apply for Membership');
});
