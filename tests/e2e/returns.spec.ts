// Returns and refunds in Chromium against the built app and the real server, on both drivers: a
// shopper buys by card (two lines); an admin on a 360-px phone finds the order by the shopper's
// email, opens it and marks it delivered; the shopper (another browser) returns one unit of one
// line with a typed reason; the admin approves, marks it received and refunds it after a
// confirmation. Then the UI and the API agree: the variant's stock rose by the unit, the order's
// totals are what was charged and it shows what was refunded, the dashboard's revenue of the
// order's day drops by the refund (and the page shows the API's figures), and the audit log lists
// each step. axe at 360 px and desktop on both new sections.
import type { APIRequestContext, Page } from '@playwright/test';
import type { AuditEntry, ShopStats } from '../../src/domain/backOffice';
import { formatMoney, toCents } from '../../src/domain/checkout';
import type { Order } from '../../src/domain/types';
import {
  DESKTOP,
  SAMPLE_ADDRESS,
  adminRequest,
  createProduct,
  expect,
  expectAccessibleAtAllWidths,
  expectAlert,
  loginAsAdmin,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

/** The admin's phone: 360 px wide. */
const PHONE = { width: 360, height: 780 };
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Orders `lines` by card (the offline provider's approved test card) through the API, as the signed-in shopper. */
async function orderByCard(page: Page, lines: { product: number; quantity: number }[]): Promise<Order> {
  for (const line of lines) {
    const added = await page.request.post('/api/cart', { data: line });
    expect(added.status(), await added.text()).toBe(201);
  }
  const items = await (await page.request.get('/api/cart')).json();
  const me = await (await page.request.get('/api/auth/check')).json();
  const response = await page.request.post('/api/orders', {
    data: {
      items,
      user: me.id,
      totalAmount: 0,
      totalItems: 0,
      paymentMethod: 'card',
      selectedAddress: SAMPLE_ADDRESS,
      status: 'pending',
      card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** A product's stock and its variants' (a product without options has one variant or none). */
async function stockOf(api: APIRequestContext, id: number): Promise<{ stock: number; variants: number[] }> {
  const product = (await (await api.get(`/api/products/${id}`)).json()) as { stock: number; variants?: { stock: number }[] };
  return { stock: product.stock, variants: (product.variants ?? []).map((v) => v.stock) };
}

async function stats(api: APIRequestContext): Promise<ShopStats> {
  const response = await api.get('/api/admin/stats?days=30');
  expect(response.status()).toBe(200);
  return response.json();
}

/** Money as the back office shows it: dollars and cents. */
const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
const kpi = (page: Page, label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

test('an admin on a phone delivers an order, the shopper returns a line, the admin receives and refunds it; stock, totals, dashboard and audit log agree', { tag: '@engine' }, async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(420_000); // two browsers, axe at two widths six times, on a shared machine
  const admin = await adminRequest(request);
  const bootsFields = { stock: 10, price: 40, returnPolicy: '30 days return policy' };
  const lampFields = { stock: 10, price: 25, returnPolicy: 'No return policy' };
  const boots = await createProduct(admin, bootsFields);
  const lamp = await createProduct(admin, lampFields);

  // The shopper, in a browser of their own, buys two boots and a lamp by card.
  const email = uniqueEmail('returns');
  const context = await browser.newContext();
  const shopper = await context.newPage();
  await signUpViaApi(shopper, { email, password: 'Shopper123' });
  const placed = await orderByCard(shopper, [
    { product: boots.id, quantity: 2 },
    { product: lamp.id, quantity: 1 },
  ]);
  const orderId = placed.id;
  const bootsLine = placed.items.find((item) => item.product.id === boots.id)!;
  const stockAfterOrder = await stockOf(admin, boots.id);
  expect(stockAfterOrder.stock).toBe(8);

  // The admin, on a 360 x 780 phone: finds the order by the customer's email, opens it, marks it delivered.
  await page.setViewportSize(PHONE);
  await loginAsAdmin(page);
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  const search = page.getByLabel('Search orders');
  await search.fill(email);
  await search.press('Enter');
  const cards = page.getByRole('list', { name: 'Orders' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(email);
  await cards.first().getByRole('link', { name: `Open order #${orderId}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Returns' })).toContainText('No returns asked for.');
  await page.getByLabel('Change status').selectOption('delivered');
  await page.getByRole('button', { name: 'Save status' }).click();
  await expectAlert(page, `Order #${orderId} is now delivered`);

  // The shopper opens the order: the boots can be returned (30 days), the lamp cannot.
  await shopper.goto(`/orders/${orderId}`);
  const returns = shopper.getByRole('region', { name: 'Returns' });
  const windows = returns.getByRole('list', { name: 'Return windows' }).getByRole('listitem');
  await expect(windows.filter({ hasText: boots.title })).toContainText('Returnable until');
  await expect(windows.filter({ hasText: lamp.title })).toContainText('Not returnable');
  await expectAccessibleAtAllWidths(shopper, () => expect(returns.getByRole('button', { name: 'Return items' })).toBeVisible());
  await shopper.setViewportSize(PHONE);

  // By keyboard: open the form, one boot, a typed reason, submit.
  await returns.getByRole('button', { name: 'Return items' }).focus();
  await shopper.keyboard.press('Enter');
  const form = returns.getByRole('form', { name: 'Return items' });
  await expect(form.getByRole('spinbutton', { name: boots.title })).toHaveAttribute('max', '2');
  await expect(form.getByRole('spinbutton', { name: lamp.title })).toHaveCount(0);
  await form.getByRole('button', { name: 'Request return' }).click();
  await expect(form.getByRole('alert')).toContainText('check the fields marked below');
  await expect(form.getByText('Reason is required')).toBeVisible();
  await expectAccessibleAtAllWidths(shopper, () => expect(form.getByText('Reason is required')).toBeVisible());
  await shopper.setViewportSize(PHONE);
  await form.getByRole('spinbutton', { name: boots.title }).fill('1');
  await form.getByRole('textbox', { name: 'Reason' }).focus();
  await shopper.keyboard.type('Too small: a size up would fit.');
  await form.getByRole('button', { name: 'Request return' }).focus();
  await shopper.keyboard.press('Enter');
  const shopperList = returns.getByRole('list', { name: 'Returns of this order' });
  const shopperReturn = shopperList.getByRole('listitem', { name: /^Return #/ });
  await expect(shopperReturn).toHaveCount(1);
  await expect(shopperReturn).toContainText('Requested');
  await expect(shopperReturn).toContainText(`1 × ${boots.title}`);
  await expect(shopperReturn).toContainText('Reason: Too small: a size up would fit.');
  await expectAlert(shopper, `Your return for order #${orderId} is requested`);
  const asked = (await (await shopper.request.get(`/api/orders/${orderId}`)).json()) as Order;
  const returnId = asked.returns![0].id;
  expect(asked.returns![0]).toMatchObject({ status: 'requested', items: [{ line: bootsLine.id, quantity: 1 }], reason: 'Too small: a size up would fit.' });

  // The admin (still on the phone) approves it: the refund to come shows; one unit of one line,
  // not the whole order: its share of the line's total plus the tax on it, no shipping.
  await page.reload();
  const adminReturns = page.getByRole('region', { name: 'Returns' });
  const adminReturn = adminReturns.getByRole('listitem', { name: `Return #${returnId}` });
  await expect(adminReturn).toContainText('Requested');
  await expect(adminReturn).toContainText('Reason: Too small: a size up would fit.');
  await expectAccessibleAtAllWidths(page, () => expect(adminReturn.getByRole('button', { name: `Approve return #${returnId}` })).toBeVisible());
  await page.setViewportSize(PHONE);
  await adminReturn.getByRole('button', { name: `Approve return #${returnId}` }).click();
  await expectAlert(page, `Return #${returnId} is approved`);
  // By hand: line total × 1 / 2 × (1 + tax rate), rounded half-up to the cent once.
  const num = toCents(bootsLine.total!) * 1 * (10_000 + Math.round(placed.tax!.rate * 100));
  const den = bootsLine.quantity * 10_000;
  const expected = Math.floor((2 * num + den) / (2 * den)) / 100;
  expect(expected).toBeGreaterThan(0);
  await expect(adminReturn).toContainText(`Refund ${formatMoney(expected)} to the card`);

  // Received, nothing damaged (back in stock), then the refund after its question.
  await adminReturn.getByRole('button', { name: `Mark return #${returnId} received` }).click();
  await expectAlert(page, `Return #${returnId} is received`);
  await expectAccessibleAtAllWidths(page, () => expect(adminReturn.getByRole('button', { name: `Refund ${formatMoney(expected)} for return #${returnId}` })).toBeVisible());
  await page.setViewportSize(PHONE);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  const beforeRefund = await stats(admin);
  await adminReturn.getByRole('button', { name: `Refund ${formatMoney(expected)} for return #${returnId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ${formatMoney(expected)} for return #${returnId}?` });
  await dialog.getByRole('button', { name: `Refund ${formatMoney(expected)}` }).click();
  await expectAlert(page, `Return #${returnId} is refunded`);
  await expect(adminReturn).toContainText(`Refunded ${formatMoney(expected)} to the card`);
  await expect(adminReturn.getByRole('button')).toHaveCount(0);

  // Stock: the boots' variant rose by the returned unit.
  const stockNow = await stockOf(admin, boots.id);
  expect(stockNow.stock).toBe(stockAfterOrder.stock + 1);
  expect(stockNow.variants).toEqual(stockAfterOrder.variants.map((s) => s + 1));

  // The order: its totals are what was charged; it says what was refunded (API and both pages).
  const final = (await (await admin.get(`/api/orders/${orderId}`)).json()) as Order;
  expect(final.totals).toEqual(placed.totals);
  expect(final.refunded).toBe(expected);
  expect(final.returns![0]).toMatchObject({ status: 'refunded', refund: { amount: expected, method: 'card' } });
  expect(final.returns![0].history.map((e) => e.status)).toEqual(['requested', 'approved', 'received', 'refunded']);
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items.getByText('Total', { exact: true }).locator('..')).toContainText(formatMoney(placed.totals!.total));
  await expect(items.getByText('Refunded', { exact: true }).locator('..')).toContainText(formatMoney(expected));

  await shopper.reload();
  await expect(shopperReturn).toContainText('Refunded');
  await expect(shopperReturn).toContainText(`Refunded ${formatMoney(expected)} to your card`);
  await expect(returns).toContainText(`Refunded so far: ${formatMoney(expected)}`);
  const shopperItems = shopper.getByRole('region', { name: 'Items' });
  await expect(shopperItems.getByText('Total', { exact: true }).locator('..')).toContainText(formatMoney(placed.totals!.total));
  await expect(shopperItems.getByText('Refunded', { exact: true }).locator('..')).toContainText(formatMoney(expected));
  // One boot can still be returned; the lamp never.
  await expect(windows.filter({ hasText: boots.title })).toContainText('Returnable until');
  await expectAccessibleAtAllWidths(shopper, () => expect(shopperReturn).toBeVisible());

  // The dashboard: revenue is net of refunds, on the order's day (today), and the page shows the server's figures.
  const figures = await stats(admin);
  expect(figures.revenue.today).toBeCloseTo(beforeRefund.revenue.today - expected, 2);
  expect(figures.revenue.last30).toBeCloseTo(beforeRefund.revenue.last30 - expected, 2);
  expect(figures.revenueByDay.at(-1)!.revenue).toBeCloseTo(beforeRefund.revenueByDay.at(-1)!.revenue - expected, 2);
  await page.setViewportSize(DESKTOP);
  await page.goto('/admin/dashboard?days=30');
  await expect(kpi(page, 'Revenue today')).toHaveText(usd(figures.revenue.today));
  await expect(kpi(page, 'Revenue, last 30 days')).toHaveText(usd(figures.revenue.last30));

  // The audit log lists the return's steps on this order, newest first.
  await page.goto('/admin/audit?entity=order');
  const entries = page.getByRole('article').filter({ has: page.getByRole('link', { name: `Order #${orderId}` }) });
  await expect(entries.filter({ hasText: 'Order return' })).toHaveCount(4);
  const audit: AuditEntry[] = await (await admin.get('/api/admin/audit?entity=order&_page=1&_limit=50')).json();
  const steps = audit.filter((e) => e.entityId === String(orderId) && e.action === 'order.return');
  expect(steps.map((e) => (e.after as { status: string }).status)).toEqual(['refunded', 'received', 'approved', 'requested']);
  await context.close();
});
