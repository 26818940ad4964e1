// Order self-service in Chromium: a shopper cancels a pending order (the stock comes back), follows
// its history, buys an order again; the admin sees the history, and a status change that needs
// stock no longer there is refused by name.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminRequest,
  createProduct,
  expect,
  expectAccessibleAtAllWidths,
  expectAlert,
  expectNoAxeViolations,
  loginAsAdmin,
  orderViaApi,
  signUpViaApi,
  test,
} from './fixtures';

const stockOf = async (request: APIRequestContext, id: number) => (await (await request.get(`/api/products/${id}`)).json()).stock as number;
/** A write as the client sends it: JSON, no body. */
const JSON_WRITE = { headers: { 'Content-Type': 'application/json' } };
/** The order's page (/orders/:id), once it shows the order. */
const orderCard = (page: Page, id: number) => page.getByRole('main').filter({ has: page.getByRole('heading', { level: 1, name: `Order #${id}` }) });
const historyOf = (page: Page, id: number) => orderCard(page, id).getByRole('list', { name: 'Status history' }).getByRole('listitem');

test('a shopper cancels a pending order after confirming, and the stock comes back', { tag: '@engine' }, async ({ page, shopper, request }) => {
  expect(shopper.email).toContain('@');
  const admin = await adminRequest(request);
  const product = await createProduct(admin, { stock: 5 });
  const orderId = await orderViaApi(page, [{ product: product.id, quantity: 2 }]);
  expect(await stockOf(admin, product.id)).toBe(3);

  await page.goto(`/orders/${orderId}`);
  const card = orderCard(page, orderId);
  await expect(card.getByText('pending', { exact: true }).first()).toBeVisible();
  await expect(historyOf(page, orderId)).toHaveText([/^pending · .+ · by you$/]);

  // Keep it first: nothing changes.
  await card.getByRole('button', { name: /^Cancel order/ }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order #${orderId}?` });
  await expect(dialog).toBeVisible();
  await expectAccessibleAtAllWidths(page, () => expect(dialog).toBeVisible());
  await expect(dialog.getByRole('button', { name: 'Keep order' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect(await stockOf(admin, product.id)).toBe(3);

  // Then cancel it, by keyboard.
  await card.getByRole('button', { name: /^Cancel order/ }).click();
  await dialog.getByRole('button', { name: 'Cancel order' }).press('Enter');
  await expectAlert(page, `Order #${orderId} is cancelled`);
  await expect(card.getByRole('button', { name: /^Cancel order/ })).toHaveCount(0);
  await expect(historyOf(page, orderId)).toHaveText([/^pending · .+ · by you$/, /^cancelled · .+ · by you$/]);
  expect(await stockOf(admin, product.id)).toBe(5);

  // The server agrees after a reload; a second cancel through the API is refused.
  await page.reload();
  await expect(historyOf(page, orderId)).toHaveCount(2);
  expect((await page.request.post(`/api/orders/${orderId}/cancel`, JSON_WRITE)).status()).toBe(409);
  await expectAccessibleAtAllWidths(page, () => expect(orderCard(page, orderId)).toBeVisible());
});

test('Buy again puts back what can still be bought and says what was left out and why', async ({ page, shopper, request }) => {
  expect(shopper.email).toContain('@');
  const admin = await adminRequest(request);
  const [kept, few, gone] = await Promise.all([
    createProduct(admin, { stock: 20 }),
    createProduct(admin, { stock: 10 }),
    createProduct(admin, { stock: 20 }),
  ]);
  const orderId = await orderViaApi(page, [
    { product: kept.id, quantity: 2 },
    { product: few.id, quantity: 4 },
    { product: gone.id, quantity: 1 },
  ]);
  // Since then: two left of one, another no longer sold.
  expect((await admin.patch(`/api/products/${few.id}`, { data: { id: few.id, stock: 2 } })).status()).toBe(200);
  expect((await admin.patch(`/api/products/${gone.id}`, { data: { id: gone.id, deleted: true } })).status()).toBe(200);

  await page.goto(`/orders/${orderId}`);
  const card = orderCard(page, orderId);
  await card.getByRole('button', { name: /^Buy again/ }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Added to your cart' })).toHaveText(
    `Added to your cart: ${kept.title} × 2, ${few.title} × 2 (of 4 ordered). Left out: ${gone.title} (no longer available). Go to cart`,
  );
  // Two of each: the badge counts items, as the cart does.
  await expect(page.getByRole('link', { name: 'Cart, 4 items' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Again: both are in the cart already, and say so.
  await card.getByRole('button', { name: /^Buy again/ }).click();
  await expect(card.getByRole('status').filter({ hasText: 'Left out' })).toContainText(`${kept.title} (already in your cart)`);

  await card.getByRole('link', { name: 'Go to cart' }).or(page.getByRole('link', { name: 'Cart, 4 items' })).first().click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByLabel(`Qty of ${kept.title}`)).toHaveValue('2');
  await expect(page.getByLabel(`Qty of ${few.title}`)).toHaveValue('2');
});

test('the admin sees each order’s history; an order cannot leave cancelled when its stock is gone', async ({ page, browser, request }) => {
  const admin = await adminRequest(request);
  const product = await createProduct(admin, { stock: 1 });

  // Shopper A orders the last one and cancels; shopper B then buys it.
  const contextA = await browser.newContext();
  const shopperA = await contextA.newPage();
  await signUpViaApi(shopperA);
  const orderId = await orderViaApi(shopperA, [{ product: product.id, quantity: 1 }]);
  expect((await shopperA.request.post(`/api/orders/${orderId}/cancel`, JSON_WRITE)).status()).toBe(200);
  const contextB = await browser.newContext();
  const shopperB = await contextB.newPage();
  await signUpViaApi(shopperB);
  await orderViaApi(shopperB, [{ product: product.id, quantity: 1 }]);

  await loginAsAdmin(page);
  await page.goto('/admin/orders?sort=id&order=desc');
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: `#${orderId}`, exact: true }) });
  await row.getByText(`History of order #${orderId}`).click();
  const history = row.getByRole('list', { name: 'Status history' }).getByRole('listitem');
  await expect(history).toHaveText([/^pending · .+ · shopper$/, /^cancelled · .+ · shopper$/]);
  // On a phone the orders are cards (the history is on the order's page): the list's heading is what both widths show.
  await expectAccessibleAtAllWidths(page, () => expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible());

  // Back to pending needs the unit shopper B bought: refused, by the product's name.
  await row.getByRole('button', { name: `Edit status of order #${orderId}` }).click();
  await row.getByLabel(`Status of order #${orderId}`).selectOption('pending');
  await row.getByRole('button', { name: `Save status of order #${orderId}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: `The status of order #${orderId} could not be changed to pending` })).toContainText(
    product.title,
  );
  await expect(row.getByText('cancelled', { exact: true }).first()).toBeVisible();
  expect(await stockOf(admin, product.id)).toBe(0);

  // Delivered from pending elsewhere: the shopper sees who did it.
  const ownOrderId = await orderViaApi(shopperA, [{ product: (await createProduct(admin)).id, quantity: 1 }]);
  await page.goto('/admin/orders?sort=id&order=desc');
  const ownRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: `#${ownOrderId}`, exact: true }) });
  await ownRow.getByRole('button', { name: `Edit status of order #${ownOrderId}` }).click();
  await ownRow.getByLabel(`Status of order #${ownOrderId}`).selectOption('delivered');
  await ownRow.getByRole('button', { name: `Save status of order #${ownOrderId}` }).click();
  await expectAlert(page, `Order #${ownOrderId} is now delivered`);
  await shopperA.goto(`/orders/${ownOrderId}`);
  await expect(historyOf(shopperA, ownOrderId)).toHaveText([/^pending · .+ · by you$/, /^delivered · .+ · by the shop$/]);
  await contextA.close();
  await contextB.close();
});
