// The storefront by keyboard, in Chromium (jsdom keeps the focus on a disabled or removed control, a
// browser drops it to the page's start): Add to Cart, the wishlist heart, a review written, opened
// and closed, a cancelled order, the cart's quantities and Remove, checkout's Save Address and a
// failed Order Now; the wishlist's Remove, Clear all filters, the phone's Filters panel, a profile address removed, two-factor
// confirmed and a refused password reset. After each, the focus is on the control pressed or on
// what took its place, never on the page's body.
import type { Locator, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { adminRequest, createProduct, expect, expectAlert, fillAddress, orderViaApi, SAMPLE_ADDRESS, test } from './fixtures';

const tagOf = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** Presses Enter on `name`'s button, reached by the keyboard's focus. */
async function press(page: Page, name: string | RegExp) {
  await page.getByRole('button', { name, exact: typeof name === 'string' }).focus();
  await page.keyboard.press('Enter');
}

/**
 * Removes the first of three rows' Remove buttons by keyboard (the focus goes to the next row's
 * Remove), then the last (to the one before); the three buttons' names.
 */
async function removeFirstThenLast(page: Page, buttons: Locator): Promise<string[]> {
  await expect(buttons).toHaveCount(3);
  const names = await buttons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label')!));
  for (const [gone, next] of [
    [0, 1],
    [2, 1],
  ]) {
    await press(page, names[gone]);
    await expect(page.getByRole('button', { name: names[gone] })).toHaveCount(0);
    await expect(page.getByRole('button', { name: names[next] })).toBeFocused();
  }
  return names;
}

test('orders, a product page, the cart and checkout keep the keyboard focus', async ({ page, shopper, request }) => {
  expect(shopper.email).toContain('@');
  const admin = await adminRequest(request);
  const tag = tagOf();
  const [lamp, chair, desk] = await Promise.all(
    ['lamp', 'chair', 'desk'].map((what) => createProduct(admin, { title: `Focus ${what} ${tag}`, price: 20, stock: 50 })),
  );
  const received = await orderViaApi(page, [{ product: lamp.id, quantity: 1 }]);
  expect((await admin.patch(`/api/orders/${received}`, { data: { id: received, status: 'delivered' } })).status()).toBe(200);
  const pending = await orderViaApi(page, [{ product: chair.id, quantity: 1 }]);

  // A confirmed cancel takes the button away: the focus goes to the order's heading.
  await page.goto(`/orders/${pending}`);
  await press(page, `Cancel order #${pending}`);
  await page.getByRole('dialog', { name: `Cancel order #${pending}?` }).getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByRole('button', { name: `Cancel order #${pending}` })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${pending}` })).toBeFocused();

  // The product page: Add to Cart and the heart keep the focus through their saves.
  await page.goto(`/products/${lamp.id}`);
  await press(page, 'Add to Cart');
  await expectAlert(page, 'Item added to Cart !');
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeFocused();
  const heart = page.getByRole('button', { name: `Save Focus lamp ${tag} to wishlist` });
  await heart.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: `Remove Focus lamp ${tag} from wishlist` })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: `Remove Focus lamp ${tag} from wishlist` })).toBeFocused();

  // A review submitted gives the focus to 'Edit your review'; the form opened takes it (the chosen
  // star), and closed gives it back.
  const reviews = page.getByRole('region', { name: 'Reviews' });
  const form = page.getByRole('region', { name: 'Write a review' });
  await form.getByRole('radio', { name: '4 stars' }).check();
  await form.getByLabel('Your review').fill('Steady light.');
  await press(page, 'Submit review');
  await expectAlert(page, 'Thank you for your review');
  const editButton = reviews.getByRole('button', { name: 'Edit your review' });
  await expect(editButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Edit your review' }).getByRole('radio', { name: '4 stars' })).toBeFocused();
  await press(page, 'Cancel');
  await expect(editButton).toBeFocused();

  // The cart: a quantity saved keeps the focus on its select (a second ArrowDown changes it again);
  // a line removed gives it to the Remove of the line that took its place, or the one before.
  for (const product of [chair, desk]) expect((await page.request.post('/api/cart', { data: { product: product.id, quantity: 1 } })).status()).toBe(201);
  await page.goto('/cart');
  const quantity = page.getByLabel(`Qty of Focus lamp ${tag}`);
  const stored = async () => ((await (await page.request.get('/api/cart')).json()) as { product: { id: number }; quantity: number }[]).find((l) => l.product.id === lamp.id)?.quantity;
  await quantity.focus();
  await page.keyboard.press('ArrowDown');
  await expect.poll(stored).toBe(2);
  await expect(quantity).not.toHaveAttribute('aria-disabled');
  await expect(quantity).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect.poll(stored).toBe(3);
  await expect(quantity).toHaveValue('3');
  await expect(quantity).toBeFocused();
  await removeFirstThenLast(page, page.getByRole('button', { name: /^Remove Focus / }));

  // Checkout: Save Address keeps the focus; a failed order keeps it on Order Now and says why once.
  await page.goto('/checkout');
  await fillAddress(page);
  await press(page, 'Save Address');
  await expect(page.getByRole('radio', { name: new RegExp(SAMPLE_ADDRESS.name) })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Save Address' })).toBeFocused();
  await page.route('**/api/orders', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { message: 'The shop is down for a moment.' } }) : route.continue(),
  );
  await press(page, 'Order Now');
  await expect(page.getByRole('alert').filter({ hasText: 'The order was not placed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Order Now' })).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: /The shop is down for a moment/ })).toHaveCount(1);
});

test('the wishlist, the filter chips, profile addresses, two-factor and a password reset keep the keyboard focus', async ({ page, shopper, request }) => {
  expect(shopper.email).toContain('@');
  const admin = await adminRequest(request);
  const tag = tagOf();
  for (const what of ['mug', 'bowl', 'vase']) {
    const product = await createProduct(admin, { title: `Focus ${what} ${tag}`, price: 12, stock: 9 });
    expect((await page.request.post('/api/wishlist', { data: { product: product.id } })).status()).toBe(201);
  }

  // The wishlist: a row removed gives the focus to the next row's Remove, the last one's to the one
  // before, and the heading once none is left.
  await page.goto('/wishlist');
  const removes = await removeFirstThenLast(page, page.getByRole('button', { name: /^Remove Focus .* from wishlist$/ }));
  await press(page, removes[1]);
  await expect(page.getByText('Your wishlist is empty.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeFocused();

  // Clear all takes the chips away: the focus goes to the search box above them.
  await page.goto(`/?q=${tag}&in_stock=1`);
  await press(page, 'Clear all');
  await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Search products' })).toBeFocused();

  // On a phone: the Filters slide-over (loaded when first opened) gives the focus back to Filters
  // when closed, the first time too.
  await page.setViewportSize({ width: 360, height: 780 });
  await press(page, 'Filters');
  await expect(page.getByRole('dialog', { name: 'Filters' }).getByRole('heading', { name: 'Filters' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Filters' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 720 });

  // Profile: the last address removed gives the focus to the one before's Remove, the only one's
  // to Add New Address.
  const me = await (await page.request.get('/api/auth/check')).json();
  const second = { ...SAMPLE_ADDRESS, name: 'Grace Hopper' };
  expect((await page.request.patch(`/api/users/${me.id}`, { data: { id: me.id, addresses: [SAMPLE_ADDRESS, second] } })).status()).toBe(200);
  await page.goto('/profile');
  await press(page, 'Remove address 2');
  await expect(page.getByText('Grace Hopper')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Remove address 1' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('You have no saved addresses.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add New Address' })).toBeFocused();

  // Two-factor confirmed by its first code: the recovery codes take the form's place, and the focus.
  await press(page, 'Turn on two-factor sign-in');
  const key = (await page.locator('code').filter({ hasText: /^[A-Z2-7]{16,}$/ }).textContent())!.trim();
  await page.getByLabel('Authentication code').fill(generateSync({ secret: key }));
  await page.getByLabel('Authentication code').press('Enter');
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
  // Saved: the section now says two-factor is on, and its heading has the focus (Turn on is gone).
  await press(page, 'I have saved my recovery codes');
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeFocused();

  // A reset link no longer valid: the refusal is said, and the focus stays on the button.
  await page.context().clearCookies();
  await page.goto('/reset-password?token=no-such-token');
  await page.getByLabel('New password').fill('Another123');
  await page.getByLabel('Confirm Password').fill('Another123');
  await press(page, 'Set new password');
  await expect(page.getByRole('alert').filter({ hasText: 'The password could not be changed' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set new password' })).toBeFocused();
});
