// The back office's orders on a phone in Chromium against the built app and the
// real server, on both drivers: a new shopper orders; an admin on a 360-px screen finds the order by
// the shopper's email (the list is cards there, every action in reach, nothing scrolls sideways),
// opens it with the keyboard, marks it delivered and adds an internal note (the empty note's
// message first); axe finds nothing at 360 px and at desktop; the shopper never sees the note.
import type { Page } from '@playwright/test';
import { formatMoney } from '../../src/domain/checkout';
import {
  DESKTOP,
  MOBILE,
  adminRequest,
  createProduct,
  expect,
  expectAccessibleAtAllWidths,
  expectAlert,
  loginAsAdmin,
  orderViaApi,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('on a phone an admin finds a customer’s order by email, opens it, marks it delivered and adds a note', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const admin = await adminRequest(request);
  const product = await createProduct(admin, { stock: 10, price: 40 });
  const email = uniqueEmail('orders');
  const context = await browser.newContext();
  const shopper = await context.newPage();
  await signUpViaApi(shopper, { email, password: 'Shopper123' });
  const orderId = await orderViaApi(shopper, [{ product: product.id, quantity: 2 }]);
  const charged: number = (await (await shopper.request.get(`/api/orders/${orderId}`)).json()).totals.total;

  await page.setViewportSize(MOBILE);
  await loginAsAdmin(page);
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();

  // Keyboard: type a part of the email in the search box and press Enter.
  const search = page.getByLabel('Search orders');
  await search.focus();
  await page.keyboard.type(email.split('@')[0]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/orders\\?q=${encodeURIComponent(email.split('@')[0])}$`));
  const cards = page.getByRole('list', { name: 'Orders' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  const card = cards.first();
  await expect(card.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
  await expect(card).toContainText(email);
  await expect(card).toContainText('2 items');
  await expect(card).toContainText(formatMoney(charged)); // the order's total, shipping and tax included
  // Every action of the card is within the screen's width: nothing to scroll sideways to.
  for (const action of [card.getByRole('button', { name: `Edit status of order #${orderId}` }), card.getByRole('link', { name: `Open order #${orderId}` })]) {
    const box = (await action.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
  }
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await expectAccessibleAtAllWidths(page, () => expect(page.getByRole('button', { name: `Edit status of order #${orderId}` }).first()).toBeVisible());
  await page.setViewportSize(MOBILE);

  // Open it with the keyboard.
  const open = card.getByRole('link', { name: `Open order #${orderId}` });
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(page).toHaveTitle(`Admin: Order #${orderId} | Best Buy Shop`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  const customer = page.getByRole('region', { name: 'Customer' });
  await expect(customer).toContainText(email);
  await expect(page.getByRole('region', { name: 'Items' })).toContainText(product.title);

  // Mark it delivered: the select, then Save status; the history gains the change.
  await page.getByLabel('Change status').selectOption('delivered');
  await page.getByRole('button', { name: 'Save status' }).click();
  await expectAlert(page, `Order #${orderId} is now delivered`);
  await expect(page.getByRole('list', { name: 'Status history' }).getByRole('listitem')).toHaveText([/^pending · .+ · by the customer$/, /^delivered · .+ · by the shop$/]);

  // A note: empty first (its message shows beside the field), then a real one, with the keyboard.
  const note = page.getByLabel('Add a note');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByText('Note is required')).toBeVisible();
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  await expectAccessibleAtAllWidths(page, () => expect(page.getByText('Note is required')).toBeVisible());
  await page.setViewportSize(MOBILE);
  await note.focus();
  await page.keyboard.type('Left with the neighbour, as the customer asked.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const notes = page.getByRole('list', { name: 'Notes' });
  await expect(notes.getByRole('listitem')).toHaveCount(1);
  await expect(notes).toContainText('Left with the neighbour, as the customer asked.');
  await expect(notes).toContainText('admin@shop.test');
  await expect(note).toHaveValue('');
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await expectAccessibleAtAllWidths(page, () => expect(notes).toBeVisible());

  // After a reload the page shows the same; the shopper's order says delivered and holds no note.
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Left with the neighbour');
  const own = await (await shopper.request.get(`/api/orders/${orderId}`)).json();
  expect(own.status).toBe('delivered');
  expect(own).not.toHaveProperty('notes');
  expect((await shopper.request.post(`/api/orders/${orderId}/notes`, { data: { text: 'Mine' } })).status()).toBe(403);
  await context.close();
});

test('on a desktop the list shows number, date, customer, items, total, payment and status, sorted by any of them', async ({ page, request }) => {
  const admin = await adminRequest(request);
  await loginAsAdmin(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/admin/orders');
  const table = page.getByRole('region', { name: 'Orders table' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByRole('columnheader')).toHaveText(['Selection', 'Order Number', 'Date', 'Customer', 'Items', 'Total Amount', 'Payment', 'Status']);
  // Newest first: the first row is the newest order the server has.
  const newest = ((await (await admin.get('/api/orders?_page=1&_per_page=1')).json()) as { id: number }[])[0].id;
  await expect(table.locator('tbody tr').first().getByRole('cell').nth(1)).toHaveText(`#${newest}`);
  await expect(page.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');

  // Keyboard: the Customer header sorts by email, ascending, kept in the URL.
  await page.getByRole('button', { name: 'Customer' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=email&order=asc/);
  await expect(page.getByRole('columnheader', { name: 'Customer' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const emails = await table.locator('tbody tr td:nth-child(4)').allTextContents();
  expect(emails).toEqual([...emails].sort());
});
