// The back office's insight pages in Chromium against the built app and the real server:
// the dashboard (figures as the API computes them, the period, low stock → edit form), customers
// (search, one click to their orders), the audit log (an admin write shows at the top, before →
// after; filters), axe at desktop and phone widths, and the admin guard.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { AuditEntry, ShopStats } from '../../src/domain/backOffice';
import {
  DEMO_ADMIN,
  adminRequest,
  createProduct,
  expect,
  expectAccessibleAtAllWidths,
  loginAsAdmin,
  loginAsUser,
  loginViaUi,
  orderViaApi,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

/** Money as the back office shows it: to the cent. */
const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

async function stats(request: APIRequestContext, days: number): Promise<ShopStats> {
  const response = await request.get(`/api/admin/stats?days=${days}`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** A new shopper orders today (their own context), so the dashboard has sales to chart. */
async function orderToday(browser: Browser, admin: APIRequestContext): Promise<void> {
  const product = await createProduct(admin, { stock: 50, price: 40 });
  const context = await browser.newContext();
  const shopper = await context.newPage();
  await signUpViaApi(shopper);
  await orderViaApi(shopper, [{ product: product.id, quantity: 2 }]);
  await context.close();
}

/** A KPI card's figure, found by its label (<dt>) as a screen reader pairs them. */
const kpi = (page: Page, label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('the dashboard', () => {
  test('an admin opens it from the navbar and sees the server’s figures; the period is in the URL', async ({ page, browser, request }) => {
    const admin = await adminRequest(request);
    await orderToday(browser, admin);
    // Something low on stock, whatever the seed holds.
    await createProduct(admin, { stock: 1 });
    await loginViaUi(page, DEMO_ADMIN);
    await nav(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Admin: Dashboard | Best Buy Shop');

    const month = await stats(admin, 30);
    await expect(kpi(page, 'Revenue today')).toHaveText(usd(month.revenue.today));
    await expect(kpi(page, 'Revenue, last 7 days')).toHaveText(usd(month.revenue.last7));
    await expect(kpi(page, 'Revenue, last 30 days')).toHaveText(usd(month.revenue.last30));
    await expect(kpi(page, 'Average order value, last 30 days')).toHaveText(usd(month.averageOrderValue));
    await expect(kpi(page, 'New customers, last 30 days')).toHaveText(String(month.newCustomers));
    const pending = page.getByRole('link', { name: `${month.ordersByStatus.pending} pending orders` });
    await expect(pending).toHaveAttribute('href', '/admin/orders?status=pending');
    // The chart (its own chunk) arrives and is named in words; the table holds the same figures.
    await expect(page.getByRole('img', { name: /^Revenue per day over the last 30 days: / })).toBeVisible();
    await expect(page.locator('.uplot canvas').first()).toBeVisible();
    await page.getByText('Show the figures as a table').click();
    await expect(page.getByRole('region', { name: 'Revenue per day, as a table' }).getByRole('row')).toHaveCount(31);

    await page.getByLabel('Period').selectOption('Last 7 days');
    await expect(page).toHaveURL(/\/admin\/dashboard\?days=7$/);
    const week = await stats(admin, 7);
    await expect(kpi(page, 'Average order value, last 7 days')).toHaveText(usd(week.averageOrderValue));
    await expect(kpi(page, 'New customers, last 7 days')).toHaveText(String(week.newCustomers));
    await page.reload();
    await expect(page.getByLabel('Period')).toHaveValue('7');
  });

  test('a low-stock product’s Edit link opens its form', async ({ page, request }) => {
    const admin = await adminRequest(request);
    await createProduct(admin, { stock: 0 });
    await loginAsAdmin(page);
    await page.goto('/admin/dashboard');
    // The lowest stock first: whatever the catalogue holds now, not a count fixed in the test.
    const [lowest] = (await stats(admin, 30)).lowStock;
    const product = { id: lowest.id, title: lowest.title };
    expect(lowest.stock).toBeLessThanOrEqual(lowest.threshold);
    // An entry is a product, or a variant named with its choice ('Chelsea Boots — Size 44, Black').
    const choice = Object.entries(lowest.variant?.options ?? {}).map(([name, value], i) => (i === 0 ? `${name} ${value}` : value));
    const name = choice.length > 0 ? `${product.title} — ${choice.join(', ')}` : product.title;
    const row = page.getByRole('region', { name: 'Low stock table' }).getByRole('row').filter({ hasText: name }).first();
    await expect(row).toContainText(`${name}${lowest.stock}${lowest.threshold}Edit`);
    await row.getByRole('link', { name: `Edit ${name}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/product-form/edit/${product.id}$`));
    await expect(page.getByLabel('Product Name')).toHaveValue(product.title);
  });
});

test('customers: search by part of an email, see the orders, one click to them', async ({ page, browser, request }) => {
  const admin = await adminRequest(request);
  const product = await createProduct(admin, { stock: 50 });
  // A shopper of the test's own, with two orders.
  const shopperContext = await browser.newContext();
  const shopperPage = await shopperContext.newPage();
  const email = uniqueEmail('insights');
  await signUpViaApi(shopperPage, { email, password: 'Shopper123' });
  await orderViaApi(shopperPage, [{ product: product.id, quantity: 1 }]);
  await orderViaApi(shopperPage, [{ product: product.id, quantity: 2 }]);
  // What the two orders were charged (the shop adds shipping and tax).
  const own = (await (await shopperPage.request.get('/api/orders/own')).json()) as { totals: { total: number } }[];
  const spent = own.reduce((sum, o) => sum + o.totals.total, 0);
  const shopperId: number = (await (await shopperPage.request.get('/api/auth/check')).json()).id;
  await shopperContext.close();

  await loginAsAdmin(page);
  await page.goto('/admin/dashboard');
  await nav(page).getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();

  const part = email.slice('insights-'.length, email.indexOf('@'));
  await page.getByLabel('Search by email or name').fill(part);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers\\?q=${part}$`));
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row).toContainText(usd(spent));
  const orders = row.getByRole('link', { name: `2 orders of ${email}` });
  await expect(orders).toHaveAttribute('href', `/admin/orders?user=${shopperId}`);
  await orders.click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders\\?user=${shopperId}$`));
});

test('the audit log shows an admin’s price change at the top, before → after, and filters by entity', async ({ page, request }) => {
  const admin = await adminRequest(request);
  const product = await createProduct(admin, { price: 50 });
  const patched = await admin.patch(`/api/products/${product.id}`, { data: { id: product.id, price: 77 } });
  expect(patched.status(), await patched.text()).toBe(200);

  await loginAsAdmin(page);
  await page.goto('/admin/dashboard');
  await nav(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const first = page.getByRole('article').first();
  await expect(first.getByRole('heading')).toHaveText(`Product edited: Product #${product.id}`);
  await expect(first).toContainText(`by ${DEMO_ADMIN.email}`);
  await expect(first.getByRole('term')).toHaveText(['price']);
  await expect(first.getByRole('definition')).toHaveText([/^from 50\s+→\s+to 77$/]);
  await expect(page.getByRole('article').nth(1).getByRole('heading')).toHaveText(
    `Product created (new): Product #${product.id}`,
  );

  await page.getByLabel('Entity').selectOption('order');
  await expect(page).toHaveURL(/\/admin\/audit\?entity=order$/);
  const orderEntries: AuditEntry[] = await (await admin.get('/api/admin/audit?entity=order&_page=1&_limit=20')).json();
  if (orderEntries.length === 0) {
    await expect(page.getByText('No changes match these filters.')).toBeVisible();
  } else {
    await expect(page.getByRole('article')).toHaveCount(orderEntries.length);
    // The newest order entry, whatever it records (other journeys change orders and add notes).
    await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(new RegExp(`^Order .+: Order #${orderEntries[0].entityId}$`));
  }

  await page.getByLabel('Entity').selectOption('product');
  await expect(page).toHaveURL(/\/admin\/audit\?entity=product$/);
  await expect(page.getByRole('article').first().getByRole('heading')).toHaveText(`Product edited: Product #${product.id}`);
});

test('axe finds no violations on the insight pages, desktop and mobile', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  await orderToday(browser, await adminRequest(request));
  await loginAsAdmin(page);
  const pages: [string, () => Promise<void>][] = [
    ['/admin/dashboard', () => expect(page.getByRole('img', { name: /^Revenue per day/ })).toBeVisible()],
    ['/admin/customers', () => expect(page.getByRole('columnheader', { name: 'Total spent' })).toBeVisible()],
    ['/admin/audit', () => expect(page.getByRole('article').first()).toBeVisible()],
  ];
  for (const [url, ready] of pages) {
    await page.goto(url);
    await expectAccessibleAtAllWidths(page, ready);
  }
  // The dashboard's table of figures, opened.
  await page.goto('/admin/dashboard');
  await page.getByText('Show the figures as a table').click();
  await expectAccessibleAtAllWidths(page, () => expect(page.getByRole('region', { name: 'Revenue per day, as a table' })).toBeVisible());
});

test('a shopper opening the insight pages lands on /', async ({ page }) => {
  await loginAsUser(page);
  for (const path of ['/admin/dashboard', '/admin/customers', '/admin/audit?entity=product']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
  }
  await expect(nav(page).getByRole('link', { name: 'Customers' })).toHaveCount(0);
  await expect((await page.request.get('/api/admin/stats?days=30')).status()).toBe(403);
});
