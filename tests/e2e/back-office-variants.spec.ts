// Variants in the back office, in Chromium: an admin gives a product of the
// test's own a Size option in the product form, fills the grid (SKU, price, stock per size) and
// saves; the shopper's product page then offers the sizes; the products export has a row per
// variant. axe on the form with its grid, desktop and 360 px.
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { adminRequest, createProduct, expect, expectAccessibleAtAllWidths, loginAsAdmin, test } from './fixtures';

async function downloadedText(page: Page, link: ReturnType<Page['getByRole']>): Promise<string> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return readFileSync((await download.path())!, 'utf8');
}

test('an admin adds a Size option, fills the grid and saves; the product page shows the sizes; the export has a row per variant', async ({ page, request }) => {
  const admin = await adminRequest(request);
  const product = await createProduct(admin, { price: 80 });
  const sku = `E2E-${product.id}`;

  await loginAsAdmin(page);
  await page.goto(`/admin/product-form/edit/${product.id}`);
  await expect(page.getByLabel('Product Name')).toHaveValue(product.title);
  await page.getByRole('button', { name: 'Add an option' }).click();
  await page.getByLabel('Option 1 name').fill('Size');
  await page.getByLabel('Option 1 values').fill('40, 41, 42');
  // The single Stock field gives way to the grid's stock per size.
  await expect(page.getByLabel('Stock', { exact: true })).toHaveCount(0);
  for (const size of ['40', '41', '42']) {
    await page.getByLabel(`SKU for Size ${size}`).fill(`${sku}-${size}`);
    await page.getByLabel(`Stock for Size ${size}`).fill(size === '41' ? '0' : '3');
  }
  await page.getByLabel('Price for Size 42').fill('95');
  // A bad cell is refused next to its input, and focused.
  await page.getByLabel('Stock for Size 40').fill('-1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Stock for Size 40')).toBeFocused();
  await expect(page.getByText('Stock must be a whole number of 0 or more')).toBeVisible();
  await expectAccessibleAtAllWidths(page, () => expect(page.getByLabel('SKU for Size 42')).toBeVisible());

  // Keyboard: the cell is reached and fixed with keys only.
  await page.getByLabel('Stock for Size 40').press('Control+a');
  await page.keyboard.type('3');
  await page.getByRole('button', { name: 'Save' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/productdetail/${product.id}$`));
  const saved = await (await admin.get(`/api/products/${product.id}`)).json();
  expect(saved.options).toEqual([{ name: 'Size', values: ['40', '41', '42'] }]);
  expect(saved.variants.map((v: { sku: string; price: number | null; stock: number }) => [v.sku, v.price, v.stock])).toEqual([
    [`${sku}-40`, null, 3],
    [`${sku}-41`, null, 0],
    [`${sku}-42`, 95, 3],
  ]);
  expect(saved.stock).toBe(6);

  // The shopper's product page: a Size picker with the three sizes.
  await page.goto(`/products/${product.id}`);
  const sizes = page.getByRole('radiogroup', { name: 'Size', exact: true });
  await expect(sizes.getByRole('radio')).toHaveCount(3);

  // The export of the list showing this product: a row per variant.
  await page.goto(`/admin?q=${encodeURIComponent(product.title)}`);
  await expect(page.getByRole('heading', { name: product.title })).toBeVisible();
  const lines = (await downloadedText(page, page.getByRole('link', { name: 'Export CSV' }))).trim().split(/\r?\n/);
  const rows = lines.slice(1).filter((line) => line.startsWith(`${product.id},`));
  expect(rows).toHaveLength(3);
  for (const size of ['40', '41', '42']) expect(rows.some((line) => line.includes(`,Size,${size},`) && line.includes(`${sku}-${size}`))).toBe(true);

  // The form again: the saved grid, axe-clean.
  await page.goto(`/admin/product-form/edit/${product.id}`);
  await expect(page.getByLabel('Price for Size 42')).toHaveValue('95');
  await expectAccessibleAtAllWidths(page, () => expect(page.getByLabel('SKU for Size 40')).toBeVisible());
});
