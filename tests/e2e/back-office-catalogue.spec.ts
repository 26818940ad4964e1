// Running a catalogue from the back office, in Chromium, as a new owner would: a product of the
// test's own is added with two uploaded photos and two sizes, under a brand of its own, with the
// "Sold out" mail ticked; it is found in the products table, where a size's stock is edited
// inline; its brand is renamed; the last unit is sold and the staff's mail is in the outbox. An
// order is found by the customer's first name and dispatched with a tracking number, which the
// shopper sees on the order page. axe on the table, the brands page and the order, desktop and 360 px.
import sharp from 'sharp';
import { adminRequest, expect, expectAccessibleAtAllWidths, loginAsAdmin, loginAsUser, orderViaApi, SAMPLE_ADDRESS, test } from './fixtures';

const photo = async (name: string, background: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background } }).png().toBuffer(),
});

test('an owner adds a product with uploaded photos and sizes, edits a size in the table, renames its brand, and is mailed when it sells out @engine', async ({ page, request }) => {
  test.slow();
  const admin = await adminRequest(request);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const brand = (await (await admin.post('/api/admin/brands', { data: { label: `Brand ${tag}` } })).json()) as { value: string; label: string };
  const title = `Lamp ${tag}`;

  await loginAsAdmin(page);
  await page.goto('/admin/product-form');
  await page.getByLabel('Product Name').fill(title);
  await page.getByLabel('Description').fill('A desk lamp, in two sizes.');
  await page.getByLabel('price', { exact: true }).fill('40');
  await page.getByLabel('Discount Percentage').fill('0');
  await page.getByLabel('Brand').selectOption(brand.value);
  await page.getByLabel('Category').selectOption({ index: 1 });
  // Two photos through the picker: they fill the first two places, the first is the thumbnail.
  await page.getByLabel('Image files').setInputFiles([await photo('front.png', '#aa3322'), await photo('side.png', '#2233aa')]);
  await expect(page.locator('img[src^="/media/"]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Add an option' }).click();
  await page.getByLabel('Option 1 name').fill('Size');
  await page.getByLabel('Option 1 values').fill('S, M');
  await page.getByLabel('SKU for Size S').fill(`LAMP-${tag}-S`);
  await page.getByLabel('SKU for Size M').fill(`LAMP-${tag}-M`);
  await page.getByLabel('Stock for Size S').fill('4');
  await page.getByLabel('Stock for Size M').fill('3');
  await page.getByLabel('Sold out').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/productdetail\/\d+$/);
  const id = Number(page.url().split('/').pop());
  const saved = await (await admin.get(`/api/products/${id}`)).json();
  expect(saved.images).toHaveLength(2);
  for (const src of [saved.thumbnail, ...saved.images]) expect(src).toMatch(/^\/media\/\d+\/\d+\.webp$/);
  expect(saved.notify).toEqual({ review: false, lowStock: false, soldOut: true });
  expect((await request.get(saved.images[1])).headers()['content-type']).toBe('image/webp');

  // The products table: found by its title, a size's stock edited in place.
  await page.goto('/admin/products');
  await page.getByLabel('Search products').fill(title);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(`LAMP-${tag}-S`);
  await row.getByRole('button', { name: /Show 2 variants/ }).click();
  const stockM = page.getByLabel(`Stock of ${title}, Size M`, { exact: true });
  await stockM.fill('1');
  await stockM.press('Enter');
  await expect.poll(async () => (await (await admin.get(`/api/products/${id}`)).json()).variants.map((v: { stock: number }) => v.stock)).toEqual([4, 1]);
  // The save reloads the table, dimmed (aria-busy) until the answer comes: checked once it has.
  await expectAccessibleAtAllWidths(page, async () => {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Products table' })).toHaveAttribute('aria-busy', 'false');
  });

  // Its brand renamed: the product shows the new name.
  await page.goto('/admin/catalogue');
  await page.getByRole('button', { name: `Rename ${brand.label}` }).click();
  const form = page.getByRole('form', { name: `Rename ${brand.label}` });
  await form.getByLabel('Name').fill(`Lumen ${tag}`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('listitem', { name: `Lumen ${tag}` })).toBeVisible();
  await expectAccessibleAtAllWidths(page, () => expect(page.getByRole('listitem', { name: `Lumen ${tag}` })).toBeVisible());

  // A shopper buys the last M, under a name of the test's own: the staff's mail is in the outbox.
  const first = `Zeynep${tag}`;
  await loginAsUser(page);
  const orderId = await orderViaApi(page, [{ product: id, quantity: 1, variant: saved.variants[1].id }], { ...SAMPLE_ADDRESS, name: `${first} Kaya` });
  await page.goto(`/products/${id}`);
  await expect(page.getByText(`Lumen ${tag}`).first()).toBeVisible();
  await loginAsAdmin(page);
  await page.goto('/admin/emails');
  await expect(page.getByText(`Sold out: ${title}`).first()).toBeVisible();

  // The order, found by the customer's first name, dispatched with a tracking number.
  await page.goto('/admin/orders');
  await page.getByLabel('Search orders').fill(first);
  await page.getByLabel('Search orders').press('Enter');
  await page.getByRole('link', { name: new RegExp(`#${orderId}\\b`) }).first().click();
  await page.getByLabel('Change status').selectOption('dispatched');
  await page.getByLabel(/Carrier/).fill('UPS');
  await page.getByLabel(/Tracking number/).fill(`1Z${tag.toUpperCase()}`);
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect.poll(async () => (await (await admin.get(`/api/orders/${orderId}`)).json()).status).toBe('dispatched');

  await loginAsUser(page);
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByText(`1Z${tag.toUpperCase()}`)).toBeVisible();
  await expectAccessibleAtAllWidths(page, () => expect(page.getByText(`1Z${tag.toUpperCase()}`)).toBeVisible());
});
