// The back office's bulk tools in Chromium, as an admin would use them: bulk order status (all
// changed, and partly refused for stock), the orders and products CSV exports, the product import
// with its dry run, the product form's low-stock threshold, axe on the new screens, and the guard of
// /admin/import.
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import {
  adminRequest,
  createProduct,
  expect,
  expectAccessibleAtAllWidths,
  loginAsAdmin,
  loginAsUser,
  orderViaApi,
  test,
} from './fixtures';

const table = (page: Page) => page.getByRole('region', { name: 'Orders table' });
const settled = (page: Page) => expect(table(page)).toHaveAttribute('aria-busy', 'false');
const row = (page: Page, id: number) =>
  table(page).locator('tbody tr').filter({ has: page.getByRole('cell', { name: `#${id}`, exact: true }) });
const tick = (page: Page, id: number) => page.getByRole('checkbox', { name: `Select order #${id}` });
/** A write as the client sends it. */
const JSON_WRITE = { headers: { 'Content-Type': 'application/json' } };

/** The signed-in shopper's id (the page's session). */
async function myId(page: Page): Promise<number> {
  return (await (await page.request.get('/api/auth/check')).json()).id;
}

async function downloadedText(page: Page, link: ReturnType<Page['getByRole']>): Promise<string> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return readFileSync((await download.path())!, 'utf8');
}

/** The data rows of a CSV whose first columns hold no commas or quotes: those columns, split. */
const csvRows = (text: string, columns: number) =>
  text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(',').slice(0, columns));

async function statusOf(admin: APIRequestContext, id: number): Promise<string> {
  return (await (await admin.get(`/api/orders/${id}`)).json()).status;
}

test('the admin ticks two pending orders, sets them dispatched, and sees both change and the summary', { tag: '@engine' }, async ({
  page,
  shopper,
  request,
}) => {
  expect(shopper.email).toContain('@');
  const admin = await adminRequest(request);
  const product = await createProduct(admin);
  const first = await orderViaApi(page, [{ product: product.id, quantity: 1 }]);
  const second = await orderViaApi(page, [{ product: product.id, quantity: 2 }]);
  const customer = await myId(page);

  await loginAsAdmin(page);
  await page.goto(`/admin/orders?user=${customer}`);
  await expect(page.getByText(`Orders of customer #${customer}`)).toBeVisible();
  await settled(page);
  await expect(table(page).locator('tbody tr')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();

  await tick(page, first).check();
  // Keyboard: Space ticks the focused checkbox.
  await tick(page, second).focus();
  await page.keyboard.press('Space');
  await expect(tick(page, second)).toBeChecked();
  await expect(page.getByText('2 orders selected')).toBeVisible();
  await page.getByLabel('New status').selectOption('dispatched');
  await expectAccessibleAtAllWidths(page, () => expect(page.getByText('2 orders selected')).toBeVisible());
  await page.getByRole('button', { name: 'Apply' }).click();

  await expect(page.getByRole('status').filter({ hasText: '2 orders updated' })).toBeVisible();
  await settled(page);
  await expect(row(page, first).getByText('dispatched', { exact: true })).toBeVisible();
  await expect(row(page, second).getByText('dispatched', { exact: true })).toBeVisible();
  await expect(tick(page, first)).not.toBeChecked();
  expect([await statusOf(admin, first), await statusOf(admin, second)]).toEqual(['dispatched', 'dispatched']);
  await expectAccessibleAtAllWidths(page, () => expect(page.getByText('2 orders updated')).toBeVisible());
});

test('a bulk change that is partly refused names the order and the product short of stock', async ({ page, shopper, request }) => {
  expect(shopper.email).toContain('@');
  const admin = await adminRequest(request);
  const product = await createProduct(admin, { stock: 1 });
  // The only unit is ordered, the order cancelled (the unit is back), then ordered again: the
  // cancelled order cannot leave 'cancelled' now, there is nothing left for it.
  const cancelled = await orderViaApi(page, [{ product: product.id, quantity: 1 }]);
  const patched = await admin.patch(`/api/orders/${cancelled}`, { data: { status: 'cancelled' }, ...JSON_WRITE });
  expect(patched.status(), await patched.text()).toBe(200);
  const pending = await orderViaApi(page, [{ product: product.id, quantity: 1 }]);
  const customer = await myId(page);

  await loginAsAdmin(page);
  await page.goto(`/admin/orders?user=${customer}`);
  await settled(page);
  await tick(page, cancelled).check();
  await tick(page, pending).check();
  await page.getByLabel('New status').selectOption('delivered');
  await page.getByRole('button', { name: 'Apply' }).click();

  await expect(page.getByRole('status')).toContainText(
    `1 order updated; 1 failed: #${cancelled} "${product.title}" is out of stock`,
  );
  await settled(page);
  await expect(row(page, pending).getByText('delivered', { exact: true })).toBeVisible();
  await expect(row(page, cancelled).getByText('cancelled', { exact: true })).toBeVisible();
  // The refused order stays ticked, ready for another try.
  await expect(tick(page, cancelled)).toBeChecked();
  await expect(tick(page, pending)).not.toBeChecked();
  expect(await statusOf(admin, cancelled)).toBe('cancelled');
});

test("'Select all N matching' ticks the orders of every page; cancelling them asks first and gives their stock back", async ({
  page,
  shopper,
  request,
}) => {
  expect(shopper.email).toContain('@');
  const admin = await adminRequest(request);
  const product = await createProduct(admin, { stock: 30 });
  // Seven orders: more than a page of the table (5).
  const orders: number[] = [];
  for (let i = 0; i < 7; i++) orders.push(await orderViaApi(page, [{ product: product.id, quantity: 2 }]));
  const stockOf = async () => (await (await admin.get(`/api/products/${product.id}`)).json()).stock;
  expect(await stockOf()).toBe(30 - 14);
  const customer = await myId(page);

  await loginAsAdmin(page);
  await page.goto(`/admin/orders?user=${customer}`);
  await settled(page);
  await expect(table(page).locator('tbody tr')).toHaveCount(5);
  await page.getByRole('button', { name: 'Select all 7 orders matching' }).click();
  await expect(page.getByText('7 orders selected')).toBeVisible();
  await page.getByLabel('New status').selectOption('cancelled');
  await page.getByRole('button', { name: 'Apply' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel 7 orders?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel 7 orders' }).click();

  await expect(page.getByRole('status').filter({ hasText: '7 orders updated' })).toBeVisible();
  await settled(page);
  expect(await Promise.all(orders.map((id) => statusOf(admin, id)))).toEqual(orders.map(() => 'cancelled'));
  expect(await stockOf()).toBe(30);
  // The second page's orders were changed too (newest first: the two placed first).
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
  await settled(page);
  await expect(table(page).locator('tbody tr')).toHaveCount(2);
  for (const id of orders.slice(0, 2)) await expect(row(page, id).getByText('cancelled', { exact: true })).toBeVisible();
});

test('Export CSV downloads the orders the filters select, and the products the list shows', async ({ page, shopper, request }) => {
  expect(shopper.email).toContain('@');
  const admin = await adminRequest(request);
  const product = await createProduct(admin);
  const ids = [];
  for (let i = 0; i < 3; i++) ids.push(await orderViaApi(page, [{ product: product.id, quantity: 1 }]));
  const dispatched = await admin.patch(`/api/orders/${ids[1]}`, { data: { status: 'dispatched' }, ...JSON_WRITE });
  expect(dispatched.status()).toBe(200);
  const customer = await myId(page);

  await loginAsAdmin(page);
  await page.goto(`/admin/orders?user=${customer}&status=pending&sort=id&order=desc`);
  await settled(page);
  const listed = (await table(page).locator('tbody tr td:nth-child(2)').allTextContents()).map((n) => n.replace('#', ''));
  expect(listed).toEqual([String(ids[2]), String(ids[0])]);

  const [header, ...rows] = csvRows(await downloadedText(page, page.getByRole('link', { name: 'Export CSV' })), 4);
  expect(header).toEqual(['id', 'createdAt', 'user', 'status']);
  expect(rows.map(([id]) => id)).toEqual(listed);
  expect(rows.every(([, , user, status]) => user === String(customer) && status === 'pending')).toBe(true);

  // The product list: its search selects one product, and the file holds exactly it.
  await page.goto(`/admin?q=${encodeURIComponent(product.title)}`);
  await expect(page.getByRole('heading', { name: product.title })).toBeVisible();
  const [productHeader, ...productRows] = csvRows(await downloadedText(page, page.getByRole('link', { name: 'Export CSV' })), 2);
  expect(productHeader).toEqual(['id', 'title']);
  expect(productRows).toEqual([[String(product.id), product.title]]);
});

test('an import with a bad row is refused by the dry run; fixed, it creates and changes products', { tag: '@engine' }, async ({ page, request }) => {
  const admin = await adminRequest(request);
  const existing = await createProduct(admin, { price: 50 });
  const template = await (await admin.get(`/api/products/${existing.id}`)).json();
  const title = `E2E Imported ${Date.now().toString(36)}`;
  const header = 'id,title,description,price,discountPercentage,stock,brand,category,thumbnail,image1,image2,image3';
  const newRow = (price: number) =>
    ['', title, 'Made by the import test.', price, 0, 7, template.brand, template.category, template.thumbnail, ...template.images].join(',');
  const change = `${existing.id},,,75,,,,,,,,`;
  const file = (price: number) => ({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\n${newRow(price)}\n${change}\n`) });

  await loginAsAdmin(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page).toHaveURL(/\/admin\/import$/);
  await expect(page).toHaveTitle(/Import products/);

  await page.getByLabel('CSV file').setInputFiles(file(0));
  await page.getByRole('button', { name: 'Check file' }).click();
  const errors = page.getByRole('table', { name: 'Errors in the file' });
  await expect(errors.getByRole('row').nth(1)).toHaveText(/^2\s*price\s*Price must be at least 1$/);
  await expect(page.getByRole('button', { name: 'Import 2 products' })).toBeDisabled();
  await expectAccessibleAtAllWidths(page, () => expect(errors).toBeVisible());
  expect((await (await admin.get(`/api/products/${existing.id}`)).json()).price).toBe(50);

  await page.getByLabel('CSV file').setInputFiles(file(30));
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText(/^No errors/)).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 products' }).click();
  await expect(page.getByRole('heading', { name: 'Imported: 1 product created, 1 product updated' })).toBeVisible();
  await expectAccessibleAtAllWidths(page, () => expect(page.getByRole('heading', { name: /^Imported/ })).toBeVisible());
  expect((await (await admin.get(`/api/products/${existing.id}`)).json()).price).toBe(75);

  // 'Created' lists come first: the new product's page.
  await page.getByRole('link', { name: /^Product #/ }).first().click();
  await expect(page).toHaveURL(/\/admin\/productdetail\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
});

test('the low stock threshold saves and shows again on edit', async ({ page, request }) => {
  const admin = await adminRequest(request);
  const product = await createProduct(admin);
  await loginAsAdmin(page);
  await page.goto(`/admin/product-form/edit/${product.id}`);
  const field = page.getByLabel('Low stock threshold');
  await expect(field).toHaveValue('5');
  await field.fill('-1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Low stock threshold must be at least 0')).toBeVisible();
  await field.fill('9');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/productdetail/${product.id}$`));
  expect((await (await admin.get(`/api/products/${product.id}`)).json()).lowStockThreshold).toBe(9);
  await page.goto(`/admin/product-form/edit/${product.id}`);
  await expect(page.getByLabel('Low stock threshold')).toHaveValue('9');
});

test('axe finds nothing on the import page before a file is chosen, desktop and 360 px', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/admin/import');
  await expectAccessibleAtAllWidths(page, () => expect(page.getByRole('heading', { name: 'Import products' })).toBeVisible());
});

test('a shopper opening /admin/import lands on /', async ({ page }) => {
  await loginAsUser(page);
  await page.goto('/admin/import');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
});
