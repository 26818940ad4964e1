// The catalogue back office by keyboard, in Chromium (jsdom keeps the focus on a disabled or
// rebuilt control, a browser does not): a price and a stock saved in the products table, a
// variant's stock, renaming, merging and deleting brands, deleting and restoring a product. After
// each, the focus is on the control used or on what took its place, never on the page's body.
import type { Page } from '@playwright/test';
import { adminRequest, createProduct, expect, expectNoAxeViolations, loginAsAdmin, test } from './fixtures';

const focused = (page: Page) => page.locator(':focus');

test('the catalogue back office keeps the keyboard focus through saves, renames, merges and deletes', async ({ page, request }) => {
  const admin = await adminRequest(request);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const lamp = await createProduct(admin, { title: `Focus lamp ${tag}`, price: 22.5, stock: 67 });
  await createProduct(admin, { title: `Focus lamp ${tag} spare`, price: 30, stock: 5 });
  const shoes = await createProduct(admin, {
    title: `Focus shoes ${tag}`,
    options: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [
      { sku: `FOCUS-${tag}-S`, options: { Size: 'S' }, price: null, discountPercentage: null, stock: 4 },
      { sku: `FOCUS-${tag}-M`, options: { Size: 'M' }, price: null, discountPercentage: null, stock: 3 },
    ],
  } as Parameters<typeof createProduct>[1]);
  const stored = async (id: number) => (await admin.get(`/api/products/${id}`)).json();
  await loginAsAdmin(page);

  // The back office's dozen links, on a tablet's and a laptop's width: all on screen (a row of
  // their own, wrapping), nothing scrolling sideways, the bar axe-clean.
  await page.goto('/admin/orders');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const width of [768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(nav.getByRole('link', { name: 'Staff' })).toBeInViewport();
    for (const link of await nav.getByRole('link').all()) await expect(link).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${width} px`).toBeLessThanOrEqual(0);
    if (width === 1024) await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  // An order's history opened in the table wraps in its cell: the table does not grow sideways.
  const ordersTable = page.getByRole('region', { name: 'Orders table' });
  await ordersTable.getByText(/^History/).first().click();
  await expect(ordersTable.getByRole('listitem').first()).toBeVisible();
  expect(await ordersTable.evaluate((table) => table.scrollWidth - table.clientWidth)).toBeLessThanOrEqual(0);

  // The lists' searches and filters keep the focus where it was (the forms were remounted for
  // each new URL); Back still shows the URL's values in them.
  const ordersSearch = page.getByLabel('Search orders');
  await ordersSearch.fill('Priya');
  await ordersSearch.press('Enter');
  await expect(page).toHaveURL(/q=Priya/);
  await expect(ordersSearch).toBeFocused();
  await page.getByRole('button', { name: 'Search' }).focus();
  await ordersSearch.fill('');
  await page.getByRole('button', { name: 'Search' }).press('Enter');
  await expect(page).not.toHaveURL(/q=/);
  await expect(page.getByRole('button', { name: 'Search' })).toBeFocused();
  await page.goBack();
  await expect(ordersSearch).toHaveValue('Priya');
  await page.goto('/admin/customers');
  const customers = page.getByLabel('Search by email or name');
  await customers.fill('user@');
  await customers.press('Enter');
  await expect(page).toHaveURL(/q=user%40/);
  await expect(customers).toBeFocused();
  await page.goto('/admin/audit');
  const entity = page.getByLabel('Entity');
  await entity.focus();
  await entity.selectOption('order');
  await expect(page).toHaveURL(/entity=order/);
  await expect(entity).toBeFocused();

  // The products table: the price written as stored is no change; a new one saved by Enter, the
  // stock by its Save button; the field keeps (or gets back) the focus and shows what is stored.
  await page.goto(`/admin/products?q=${encodeURIComponent(`Focus lamp ${tag}`)}`);
  const price = page.getByLabel(`Price of Focus lamp ${tag}`, { exact: true });
  await price.fill('22.50');
  await expect(page.getByRole('button', { name: `Save price of Focus lamp ${tag}` })).toHaveCount(0);
  await price.fill('24.50');
  await price.press('Enter');
  await expect.poll(async () => (await stored(lamp.id)).price).toBe(24.5);
  await expect(page.getByRole('region', { name: 'Products table' })).toHaveAttribute('aria-busy', 'false');
  await expect(price).toHaveValue('24.5');
  await expect(price).toBeFocused();
  await expect(page.getByRole('button', { name: `Save price of Focus lamp ${tag}` })).toHaveCount(0);

  const stock = page.getByLabel(`Stock of Focus lamp ${tag}`, { exact: true });
  await stock.fill('012');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: `Save stock of Focus lamp ${tag}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await stored(lamp.id)).stock).toBe(12);
  await expect(page.getByRole('region', { name: 'Products table' })).toHaveAttribute('aria-busy', 'false');
  await expect(stock).toHaveValue('12');
  await expect(stock).toBeFocused();

  // A saved price that takes its row out of the list (filtered up to $30): the focus goes to the
  // table, not to the page's start.
  await page.goto(`/admin/products?q=${encodeURIComponent(`Focus lamp ${tag}`)}&max_price=30`);
  const table = page.getByRole('region', { name: 'Products table' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await price.fill('31');
  await price.press('Enter');
  await expect.poll(async () => (await stored(lamp.id)).price).toBe(31);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(`Focus lamp ${tag} spare`);
  await expect(table).toBeFocused();

  await page.goto(`/admin/products?q=${encodeURIComponent(`Focus shoes ${tag}`)}`);
  await page.getByRole('button', { name: `Show 2 variants of Focus shoes ${tag}` }).click();
  const sizeM = page.getByLabel(`Stock of Focus shoes ${tag}, Size M`, { exact: true });
  await sizeM.fill('9');
  await sizeM.press('Enter');
  await expect.poll(async () => (await stored(shoes.id)).variants.map((v: { stock: number }) => v.stock)).toEqual([4, 9]);
  await expect(page.getByRole('region', { name: 'Products table' })).toHaveAttribute('aria-busy', 'false');
  await expect(sizeM).toHaveValue('9');
  await expect(sizeM).toBeFocused();

  // Brands: a rename cancelled forgets what was typed and gives the focus back to Rename, as a
  // saved one does; merged, the focus goes to the brand merged into; deleted, to a neighbour.
  const brand = async (label: string) => (await (await admin.post('/api/admin/brands', { data: { label } })).json()) as { id: number };
  await brand(`Nordhus ${tag}`);
  await brand(`Halden ${tag}`);
  await brand(`Vestby ${tag}`);
  await page.goto('/admin/catalogue');
  const brands = page.getByRole('region', { name: 'Brands' });
  await brands.getByRole('button', { name: `Rename Nordhus ${tag}` }).focus();
  await page.keyboard.press('Enter');
  const name = brands.getByRole('form', { name: `Rename Nordhus ${tag}` }).getByLabel('Name');
  await expect(name).toBeFocused();
  await name.fill('Typo Name');
  await brands.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(brands.getByRole('button', { name: `Rename Nordhus ${tag}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(name).toHaveValue(`Nordhus ${tag}`);
  await name.fill(`Nordhaus ${tag}`);
  await name.press('Enter');
  await expect(brands.getByRole('button', { name: `Rename Nordhaus ${tag}` })).toBeFocused();

  await brands.getByLabel(`Merge Nordhaus ${tag} into`).selectOption(`Halden ${tag}`);
  await brands.getByRole('button', { name: `Merge Nordhaus ${tag}` }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: `Merge Nordhaus ${tag} into Halden ${tag}?` }).getByRole('button', { name: 'Merge' }).click();
  await expect(brands.getByRole('listitem', { name: `Nordhaus ${tag}` })).toHaveCount(0);
  await expect(brands.getByRole('button', { name: `Rename Halden ${tag}` })).toBeFocused();

  await brands.getByRole('button', { name: `Delete Vestby ${tag}` }).focus();
  await page.keyboard.press('Enter');
  await expect(brands.getByRole('listitem', { name: `Vestby ${tag}` })).toHaveCount(0);
  await expect(focused(page)).toHaveAccessibleName(/^Rename /);

  // The product form: Delete (after its question) and Restore swap places, and the focus with them.
  await page.goto(`/admin/product-form/edit/${lamp.id}`);
  await page.getByRole('button', { name: 'Delete this Product' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Delete this product?' }).getByRole('button', { name: 'Delete' }).click();
  await expect.poll(async () => (await stored(lamp.id)).deleted).toBe(true);
  await expect(page.getByRole('button', { name: 'Restore this Product' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await stored(lamp.id)).deleted).toBe(false);
  await expect(page.getByRole('button', { name: 'Delete this Product' })).toBeFocused();
});
