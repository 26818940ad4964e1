// More of the back office by keyboard, in Chromium (jsdom keeps the focus on a disabled, removed or
// rebuilt control, a browser drops it to the page's body, and the next Tab starts at the top): an
// order's status, notes and return steps; adds, sends, switches and confirmed deletes elsewhere; the
// product form's pictures and options and the promotion form's chips. After each, the focus is on
// the control used, on what took its place, or on a neighbour, never on the body.
import type { Browser, Page } from '@playwright/test';
import { adminRequest, createProduct, expect, loginAsAdmin, orderViaApi, signUpViaApi, test } from './fixtures';

const focused = (page: Page) => page.locator(':focus');
const onBody = (page: Page) => page.evaluate(() => document.activeElement === document.body);

/** Presses Enter on `name`'s button, as a keyboard user does. */
async function enterOn(page: Page, name: string | RegExp) {
  await page.getByRole('button', { name, exact: typeof name === 'string' }).focus();
  await page.keyboard.press('Enter');
}

/** A new shopper's order of one product, two units (cash), in a context of their own; no page is loaded. */
async function shopperOrder(browser: Browser, product: number) {
  const context = await browser.newContext();
  const shopper = await context.newPage();
  await signUpViaApi(shopper);
  const orderId = await orderViaApi(shopper, [{ product, quantity: 2 }]);
  return { shopper, orderId, close: () => context.close() };
}

test('an order page keeps the keyboard focus through status saves, return steps and notes', async ({ page, request, browser }) => {
  const admin = await adminRequest(request);
  const boots = await createProduct(admin, { stock: 10, returnPolicy: '30 days return policy' } as Parameters<typeof createProduct>[1]);
  const { shopper, orderId, close } = await shopperOrder(browser, boots.id);
  await loginAsAdmin(page);

  // Save status: disabled once saved (nothing left to save), the focus goes to the status select.
  await page.goto(`/admin/orders/${orderId}`);
  const status = page.getByLabel('Change status');
  for (const next of ['dispatched', 'delivered']) {
    await status.selectOption(next);
    await enterOn(page, 'Save status');
    await expect(page.getByRole('button', { name: 'Save status' })).toBeDisabled();
    await expect(status).toBeFocused();
  }

  // The shopper returns one unit; each step's button makes way for the next step's first control.
  const order = await (await admin.get(`/api/orders/${orderId}`)).json();
  const asked = await shopper.request.post(`/api/orders/${orderId}/returns`, { data: { items: [{ line: order.items[0].id, quantity: 1 }], reason: 'Too big.' } });
  expect(asked.status(), await asked.text()).toBe(201);
  const returnId = (await asked.json()).returns[0].id;
  await close();
  await page.reload();
  await enterOn(page, `Approve return #${returnId}`);
  await expect(page.getByRole('checkbox', { name: /damaged$/ })).toBeFocused();
  await enterOn(page, `Mark return #${returnId} received`);
  await expect(focused(page)).toHaveAccessibleName(new RegExp(`^Refund .* for return #${returnId}$`));
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByRole('button', { name: /^Refund / }).click();
  await expect(page.getByRole('heading', { name: `Return #${returnId}` })).toBeFocused();

  // Add note: busy, not disabled, while it saves.
  await page.getByLabel('Add a note').fill('Called the customer.');
  await enterOn(page, 'Add note');
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Called the customer.');
  await expect(page.getByRole('button', { name: 'Add note' })).toBeFocused();
  expect(await onBody(page)).toBe(false);
});
