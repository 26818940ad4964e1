// The shopper's order pages in Chromium: a shopper places an order at checkout,
// reads its summary and delivery estimate on the success page, finds it in My Orders (10 a page,
// the page in the URL), opens its page and cancels it, by keyboard; axe-clean at 360 px and desktop.
import type { Page } from '@playwright/test';
import { formatMoney } from '../../src/domain/checkout';
import type { OrderDelivery } from '../../src/domain/delivery';
import { deliveryText } from '../../src/domain/deliveryText';
import { adminRequest, createProduct, expect, expectAccessibleAtAllWidths, expectAlert, orderViaApi, saveCheckoutAddress, signUpViaApi, test } from './fixtures';

const SHIPPING = { shippingInformation: 'Ships in 3-5 business days' };

/** Presses Tab until `name`d link or button has the focus (fails after 60 presses). */
async function tabTo(page: Page, role: 'link' | 'button', name: string | RegExp): Promise<void> {
  const target = page.getByRole(role, { name });
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached the ${role} ${String(name)}`);
}

test('a shopper places an order, reads its summary, finds it in My Orders and cancels it on its page', async ({ page, shopper, request }) => {
  test.slow(); // a long journey: twelve orders, four pages checked at two widths
  expect(shopper.email).toContain('@');
  const admin = await adminRequest(request);
  const product = await createProduct(admin, { stock: 50, price: 40, ...SHIPPING });

  // Eleven earlier orders, so My Orders has two pages.
  const earlier: number[] = [];
  for (let i = 0; i < 11; i++) earlier.push(await orderViaApi(page, [{ product: product.id, quantity: 1 }]));

  // Checkout: two of the product, a new address, card.
  expect((await page.request.post('/api/cart', { data: { product: product.id, quantity: 2 } })).status()).toBe(201);
  await page.goto('/checkout');
  await saveCheckoutAddress(page);
  await page.getByRole('radio', { name: 'Card Payment' }).check();
  // The offline test provider's approved card.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill(String(new Date().getUTCFullYear() + 1));
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/orderSuccess\/\d+$/);
  const orderId = Number(page.url().split('/').pop());

  // The success page: the summary and the estimate.
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText(`#${orderId}`)).toBeVisible();
  await expect(summary.getByText('2 items')).toBeVisible();
  // The payment and the total as the order stored them (the address's shipping and tax included).
  const placed = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { delivery: OrderDelivery; totals: { subtotal: number; total: number } };
  expect(placed.totals.subtotal).toBe(80);
  await expect(summary.getByText('Card •••• 4242 (Visa) — Authorized, not charged yet')).toBeVisible();
  await expect(summary.getByText(formatMoney(placed.totals.total), { exact: true })).toBeVisible();
  // The estimate the order stored when placed: the chosen method's business days after the 3-5 business days of handling.
  expect(placed.delivery).toEqual({ method: 'Standard', from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  await expect(summary.getByText(deliveryText(placed.delivery))).toBeVisible();
  await expect(summary.getByText(`by ${placed.delivery.method}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Shipping address' })).toBeVisible();
  await expectAccessibleAtAllWidths(page, () => expect(page.getByRole('link', { name: `View order #${orderId}` })).toBeVisible());

  // My Orders: the new order heads page 1 of 2; page 2 holds the oldest, reached by keyboard.
  await page.getByRole('link', { name: 'My Account > My Orders' }).click();
  await expect(page).toHaveURL('/orders');
  const summaries = page.getByRole('list', { name: 'Your orders, newest first' }).getByRole('article');
  await expect(summaries).toHaveCount(10);
  await expect(summaries.first()).toHaveAccessibleName(`Order #${orderId}`);
  await expect(summaries.first()).toContainText('pending');
  await expect(page.getByText('Showing 1 to 10 of 12 results')).toBeVisible();
  await expectAccessibleAtAllWidths(page, () => expect(summaries.first()).toBeVisible());
  await tabTo(page, 'link', 'Page 2');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/orders?page=2');
  await expect(summaries).toHaveCount(2);
  await expect(summaries.last()).toHaveAccessibleName(`Order #${earlier[0]}`);
  await page.reload();
  await expect(summaries).toHaveCount(2);
  await page.goBack();
  await expect(page).toHaveURL('/orders');

  // Its page, opened by keyboard: lines, summary, history; cancelled after confirming.
  await tabTo(page, 'link', `Order #${orderId}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  const items = page.getByRole('list', { name: 'Items' });
  await expect(items.getByRole('heading', { name: product.title })).toBeVisible();
  await expect(items.getByText('Qty 2 × $40')).toBeVisible();
  // The same stored estimate as the success page.
  await expect(page.getByRole('region', { name: 'Summary' }).getByText(deliveryText(placed.delivery))).toBeVisible();
  await expect(page.getByRole('list', { name: 'Status history' }).getByRole('listitem')).toHaveText([/^pending · .+ · by you$/]);
  await expectAccessibleAtAllWidths(page, () => expect(items).toBeVisible());

  await tabTo(page, 'button', /^Cancel order/);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Cancel order #${orderId}?` });
  await expect(dialog).toBeVisible();
  await expectAccessibleAtAllWidths(page, () => expect(dialog).toBeVisible());
  await dialog.getByRole('button', { name: 'Cancel order' }).press('Enter');
  await expectAlert(page, `Order #${orderId} is cancelled`);
  await expect(page.getByRole('button', { name: /^Cancel order/ })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Status history' }).getByRole('listitem')).toHaveText([/^pending · .+ · by you$/, /^cancelled · .+ · by you$/]);
  expect((await (await request.get(`/api/products/${product.id}`)).json()).stock).toBe(50 - 11);

  // My Orders agrees.
  await page.getByRole('main').getByRole('link', { name: 'My Orders', exact: true }).click();
  await expect(summaries.first()).toContainText('cancelled');
});

test("someone else's order, or none, is the 404 page", async ({ page, shopper, browser, request }) => {
  expect(shopper.email).toContain('@');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signUpViaApi(otherPage);
  const product = await createProduct(await adminRequest(request));
  const theirs = await orderViaApi(otherPage, [{ product: product.id, quantity: 1 }]);
  await other.close();

  await page.goto(`/orders/${theirs}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Buy again/ })).toHaveCount(0);
  await expectAccessibleAtAllWidths(page, () => expect(page.getByText("Sorry, we couldn't find the page you're looking for.")).toBeVisible());

  // Nor does the success page claim an order that is not theirs, or that does not exist.
  for (const id of [theirs, 999999]) {
    await page.goto(`/orderSuccess/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    await expect(page.getByText('Order Successfully Placed')).toHaveCount(0);
    await expect(page.getByText(`Order number #${id}`)).toHaveCount(0);
  }
});
