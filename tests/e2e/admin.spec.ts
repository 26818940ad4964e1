// The back office in Chromium against the built app and the real server (fresh data each run):
// product create / edit / soft delete / restore as seen by the admin and by a shopper, the orders
// table, the admin guard, axe on every admin page, and admin code never reaching a shopper.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { isBackOffice } from '../../build/manifest';
import {
  DEMO_ADMIN,
  expect,
  expectAccessibleAtAllWidths,
  expectAlert,
  expectNoAxeViolations,
  loginAsAdmin,
  loginAsUser,
  loginViaUi,
  test,
} from './fixtures';

const REQUIRED_MESSAGES = [
  'Product Name is required',
  'Description is required',
  'Price is required',
  'Discount Percentage is required',
  'Stock is required',
  'Thumbnail is required',
  'Image 1 is required',
  'Brand is required',
  'Category is required',
];

/** A second, independent browser context signed in as the demo shopper. */
async function shopperPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAsUser(page);
  return page;
}

/** The field's message: the element its aria-describedby points to. */
async function messageOf(page: Page, label: string): Promise<string | null> {
  const id = await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby');
  return id ? page.locator(`[id="${id}"]`).textContent() : null;
}

const card = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });

test.describe.serial('a product from creation to soft delete and back', { tag: '@engine' }, () => {
  const title = `E2E Desk Lamp ${Date.now().toString(36)}`;
  let productId = '';

  test('the admin signs in, sees each validation message, then creates the product', async ({ page }) => {
    // Images the shop serves: those of a seed product.
    const images: string[] = (await (await page.request.get('/api/products/1')).json()).images;
    await loginViaUi(page, DEMO_ADMIN);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).first().click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole('link', { name: 'Add New Product' }).click();
    await expect(page).toHaveURL(/\/admin\/product-form$/);
    await expect(page.getByRole('heading', { name: 'Add New Product' })).toBeVisible();

    await page.getByRole('button', { name: 'Save' }).click();
    for (const message of REQUIRED_MESSAGES) await expect(page.getByText(message, { exact: true })).toBeVisible();

    // Out of range, and an image address the server refuses (its message lands next to the field).
    await page.getByLabel('Product Name').fill(title);
    await page.getByLabel('Description').fill('A warm desk lamp made by the browser tests.');
    await page.getByLabel('price', { exact: true }).fill('0');
    await page.getByLabel('Discount Percentage').fill('101');
    await page.getByLabel('Stock', { exact: true }).fill('2.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Price must be at least 1')).toBeVisible();
    await expect(page.getByText('Discount Percentage must be at most 100')).toBeVisible();
    await expect(page.getByText('Stock must be a whole number')).toBeVisible();
    await page.getByLabel('price', { exact: true }).fill('10001');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Price must be at most 10000')).toBeVisible();

    await page.getByLabel('price', { exact: true }).fill('200');
    await page.getByLabel('Discount Percentage').fill('10');
    await page.getByLabel('Stock', { exact: true }).fill('5');
    await page.getByLabel('Thumbnail', { exact: true }).fill('lamp.svg');
    await page.getByLabel('Image 1', { exact: true }).fill(images[0]);
    await page.getByLabel('Image 2', { exact: true }).fill(images[1]);
    await page.getByLabel('Image 3', { exact: true }).fill(images[2]);
    await page.getByLabel('Brand').selectOption({ index: 1 });
    await page.getByLabel('Category').selectOption({ index: 1 });
    await expect(page.getByAltText('Image 2 preview')).toHaveAttribute('src', images[1]);
    await expect(page.getByAltText('Image 2 preview')).toHaveJSProperty('complete', true);
    await expect(page.getByText('Image not found')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => messageOf(page, 'Thumbnail')).toBe('Thumbnail must be a path on this site starting with / (e.g. /images/…) or a data:image');
    await expectAlert(page, /^The product was not saved/);
    await expect(page.getByText('Product Created')).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/product-form$/);
    await expectNoAxeViolations(page);

    await page.getByLabel('Thumbnail', { exact: true }).fill(images[0]);
    await expect(page.getByAltText('Thumbnail preview')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Product Created')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/productdetail\/\d+$/);
    productId = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Price: $180')).toBeVisible();

    // Stored with numbers as numbers and the three images.
    const stored = await (await page.request.get(`/api/products/${productId}`)).json();
    expect(stored).toMatchObject({ title, price: 200, discountPercentage: 10, stock: 5, deleted: false });
    expect(stored.images).toEqual(images);
  });

  test('a shopper finds it; the admin edits its price and the shopper sees the new discounted price', async ({
    page,
    browser,
  }) => {
    const shopper = await shopperPage(browser);
    await shopper.goto('/');
    await shopper.getByLabel('Search products').fill(title);
    await shopper.getByRole('button', { name: 'Search' }).click();
    await expect(shopper).toHaveURL(/[?&]q=/);
    await expect(card(shopper, title)).toContainText('$180');
    await expect(card(shopper, title)).toContainText('$200');

    await loginAsAdmin(page);
    await page.goto(`/admin/productdetail/${productId}`);
    await page.getByRole('link', { name: 'Edit Product' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/product-form/edit/${productId}$`));
    await expect(page.getByLabel('Product Name')).toHaveValue(title);
    await page.getByLabel('price', { exact: true }).fill('300');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Product Updated')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/productdetail/${productId}$`));
    await expect(page.getByText('Price: $270')).toBeVisible();

    await shopper.reload();
    await expect(card(shopper, title)).toContainText('$270');
    await expect(card(shopper, title)).toContainText('$300');
    await shopper.context().close();
  });

  test('the admin soft-deletes it after confirming; both lists flag it and Add to Cart is refused', async ({
    page,
    browser,
  }) => {
    await loginAsAdmin(page);
    await page.goto(`/admin/product-form/edit/${productId}`);
    await page.getByRole('button', { name: 'Delete this Product' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this product?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    // Cancel first: still active.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await (await page.request.get(`/api/products/${productId}`)).json()).deleted).toBe(false);

    await page.getByRole('button', { name: 'Delete this Product' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Product Deleted')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Restore this Product' })).toBeVisible();
    await expect(page.getByText('Product Deletd')).toBeVisible();

    await page.goto(`/admin?q=${encodeURIComponent(title)}`);
    await expect(card(page, title)).toContainText('Product Deletd');
    await page.getByLabel('Show').selectOption('deleted');
    await expect(page).toHaveURL(/deleted=deleted/);
    await expect(card(page, title)).toBeVisible();
    await page.getByLabel('Show').selectOption('active');
    await expect(page.getByText('No products match your search and filters.')).toBeVisible();

    const shopper = await shopperPage(browser);
    await shopper.goto(`/?q=${encodeURIComponent(title)}`);
    await expect(card(shopper, title)).toContainText('Product Deletd');
    await card(shopper, title).getByRole('link').first().click();
    await expect(shopper).toHaveURL(new RegExp(`/products/${productId}$`));
    await expect(shopper.getByText('Product Deletd')).toBeVisible();
    await expect(shopper.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    // The server refuses it too.
    const add = await shopper.request.post('/api/cart', { data: { product: Number(productId), quantity: 1 } });
    expect(add.status()).toBe(409);
    await shopper.context().close();
  });

  test('the admin restores it and the shopper can add it again', async ({ page, browser }) => {
    await loginAsAdmin(page);
    await page.goto(`/admin/product-form/edit/${productId}`);
    await page.getByRole('button', { name: 'Restore this Product' }).click();
    await expect(page.getByText('Product Restored')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete this Product' })).toBeVisible();
    await expect(page.getByText('Product Deletd')).toHaveCount(0);

    const shopper = await shopperPage(browser);
    await shopper.goto(`/products/${productId}`);
    await expect(shopper.getByRole('heading', { name: title })).toBeVisible();
    await expect(shopper.getByText('Product Deletd')).toHaveCount(0);
    await expect(shopper.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    await shopper.context().close();
  });
});

test.describe('admin orders', () => {
  const table = (page: Page) => page.getByRole('region', { name: 'Orders table' });
  const rows = (page: Page) => table(page).locator('tbody tr');
  /** Waits for the table to show the answer of the latest request. */
  const settled = (page: Page) => expect(table(page)).toHaveAttribute('aria-busy', 'false');
  // The first column holds the bulk status change's checkboxes.
  const orderNumbers = (page: Page) => rows(page).locator('td:nth-child(2)').allTextContents();

  test('pages through the orders five at a time and sorts by total amount', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/admin/orders');
    await settled(page);
    await expect(rows(page)).toHaveCount(5);
    const showing = await page.getByText(/^Showing \d+ to \d+ of \d+ results$/).textContent();
    const total = Number(/of (\d+) results/.exec(showing!)![1]);
    expect(total).toBeGreaterThanOrEqual(12);
    expect(showing).toBe(`Showing 1 to 5 of ${total} results`);
    const firstPage = await orderNumbers(page);

    await page.getByRole('link', { name: /Next/ }).click();
    await expect(page).toHaveURL(/\/admin\/orders\?page=2$/);
    await expect(page.getByText(`Showing 6 to 10 of ${total} results`)).toBeVisible();
    await settled(page);
    await expect(rows(page)).toHaveCount(5);
    const secondPage = await orderNumbers(page);
    expect(secondPage.filter((n) => firstPage.includes(n))).toEqual([]);

    await page.getByRole('link', { name: `Page ${Math.ceil(total / 5)}` }).click();
    await settled(page);
    await expect(rows(page)).toHaveCount(total % 5 || 5);
    await page.goBack();
    await expect(page.getByText(`Showing 6 to 10 of ${total} results`)).toBeVisible();

    await page.getByRole('button', { name: 'Total Amount' }).click();
    await expect(page).toHaveURL(/sort=totalAmount&order=asc/);
    await expect(page.getByRole('columnheader', { name: 'Total Amount' })).toHaveAttribute('aria-sort', 'ascending');
    await settled(page);
    const amounts = (await rows(page).locator('td:nth-child(6)').allTextContents()).map((t) => Number(t.replace(/[$,]/g, '')));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'Total Amount' })).toHaveAttribute('aria-sort', 'ascending');
  });

  test('changes an order’s status, which its shopper sees in My Orders', async ({ page, browser }) => {
    const shopper = await shopperPage(browser);
    const own = await (await shopper.request.get('/api/orders/own/')).json();
    const order = own[0] as { id: number; status: string };
    const next = order.status === 'delivered' ? 'dispatched' : 'delivered';

    await loginAsAdmin(page);
    await page.goto(`/admin/orders?status=${order.status}&sort=id&order=desc`);
    await expect(page.getByLabel('Filter by status')).toHaveValue(order.status);
    const row = rows(page).filter({ has: page.getByRole('cell', { name: `#${order.id}`, exact: true }) });
    // The newest orders come first; page on until the order shows.
    await settled(page);
    while (!(await row.isVisible())) {
      await page.getByRole('link', { name: /Next/ }).click();
      await settled(page);
    }
    await row.getByRole('button', { name: `Edit status of order #${order.id}` }).click();
    const select = page.getByLabel(`Status of order #${order.id}`);
    await expect(select).toBeFocused();
    await expectNoAxeViolations(page);
    // Arrow keys move through the statuses (Chromium changes a closed select's value with them) and save none.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const save = row.getByRole('button', { name: `Save status of order #${order.id}` });
    await expect(save).toBeVisible();
    expect((await (await shopper.request.get(`/api/orders/${order.id}`)).json()).status).toBe(order.status);
    await select.selectOption(next);
    await save.press('Enter');
    await expect(page.getByText(`Order #${order.id} is now ${next}`)).toBeVisible();
    // Filtered by its old status, the order leaves the list; unfiltered, its row shows the new one.
    await expect(row).toHaveCount(0);
    await page.goto(`/admin/orders?status=${next}&sort=id&order=desc`);
    await settled(page);
    while (!(await row.isVisible())) {
      await page.getByRole('link', { name: /Next/ }).click();
      await settled(page);
    }
    await expect(row.getByText(next, { exact: true })).toBeVisible();

    await shopper.goto(`/orders/${order.id}`);
    await expect(shopper.getByRole('heading', { level: 1, name: `Order #${order.id}` })).toBeVisible();
    await expect(shopper.getByRole('main').getByText(next, { exact: true }).first()).toBeVisible();
    await shopper.context().close();
  });

  test('filters by status, kept in the URL', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/admin/orders');
    await page.getByLabel('Filter by status').selectOption('pending');
    await expect(page).toHaveURL(/\/admin\/orders\?status=pending$/);
    await settled(page);
    const statuses = await rows(page).locator('td:nth-child(8)').getByText(/^(pending|dispatched|delivered|cancelled)$/).allTextContents();
    expect(new Set(statuses)).toEqual(new Set(['pending']));
  });
});

test.describe('the admin guard', () => {
  test('a shopper opening an admin page lands on /', async ({ page }) => {
    await loginAsUser(page);
    for (const path of ['/admin', '/admin/orders', '/admin/product-form', '/admin/productdetail/1']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
    }
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });

  test('a logged-out visitor is sent to /login', async ({ page }) => {
    await page.goto('/admin/orders');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('axe finds no violations on any admin page, desktop and mobile', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page);
  const pages: [string, () => Promise<void>][] = [
    ['/admin', () => expect(page.getByRole('link', { name: 'Add New Product' })).toBeVisible()],
    ['/admin/productdetail/1', () => expect(page.getByRole('link', { name: 'Edit Product' })).toBeVisible()],
    ['/admin/product-form', () => expect(page.getByLabel('Product Name')).toBeVisible()],
    ['/admin/product-form/edit/1', () => expect(page.getByRole('button', { name: 'Delete this Product' })).toBeVisible()],
    // A table on a desktop, cards on a phone: the status controls show in both.
    ['/admin/orders', () => expect(page.getByRole('button', { name: /^Edit status of order #/ }).first()).toBeVisible()],
  ];
  for (const [url, ready] of pages) {
    await page.goto(url);
    await expectAccessibleAtAllWidths(page, ready);
  }
  // The form with every message showing.
  await page.goto('/admin/product-form');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Category is required')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a shopper never downloads the back office’s code', async ({ page }) => {
  // From the build manifest: every chunk reachable from a back-office screen and from no other entry.
  type Chunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] };
  const manifest: Record<string, Chunk> = JSON.parse(
    readFileSync(path.join(process.cwd(), 'dist/.vite/manifest.json'), 'utf8'),
  );
  const reach = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      manifest[key].imports?.forEach(visit);
    };
    keys.forEach(visit);
    return new Set([...seen].map((key) => manifest[key].file));
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry || manifest[key].isDynamicEntry);
  const shared = reach(entries.filter((key) => !isBackOffice(key)));
  const adminOnly = [...reach(entries.filter(isBackOffice))].filter((file) => !shared.has(file));
  expect(adminOnly.length).toBeGreaterThanOrEqual(4);

  const requested: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.js')) requested.push(new URL(request.url()).pathname.slice(1));
  });
  await loginAsUser(page);
  for (const url of ['/', '/products/1', '/cart', '/orders', '/profile', '/admin', '/admin/orders']) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
  }
  expect(requested.length).toBeGreaterThan(0);
  expect(requested.filter((file) => adminOnly.includes(file))).toEqual([]);

  // The same check does see the admin chunks when an admin opens the back office.
  await page.request.post('/api/auth/logout', { headers: { 'Content-Type': 'application/json' } });
  await loginAsAdmin(page);
  await page.goto('/admin/orders');
  await expect(page.getByRole('columnheader', { name: 'Order Number' })).toBeVisible();
  expect(requested.filter((file) => adminOnly.includes(file))).not.toEqual([]);
});

test('screenshot of the back office for the README', async ({ page }) => {
  // The README's picture, taken where someone reads it: CI's copy would be thrown away.
  test.skip(!!process.env.CI, 'README screenshots are taken by a local run');
  await loginAsAdmin(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/orders');
  await expect(page.getByRole('columnheader', { name: 'Order Number' })).toBeVisible();
  await expect(page.getByText(/^Showing 1 to 5 of \d+ results$/)).toBeVisible();
  mkdirSync('docs', { recursive: true });
  await page.screenshot({ path: 'docs/back-office.png' });
});
