// Prices at checkout (the shopper's side) in Chromium against the real server and its
// seed (shipping methods and tax rates per country, the members' promotion): the cart says prices
// are before tax and what shipping costs at least; at checkout a bad code shows the server's
// reason, Express to Canada changes the total, the test card pays and the order keeps the figures
// the checkout showed; a declined card places nothing. Keyboard and axe at 360 px and desktop.
import type { Page } from '@playwright/test';
import { adminRequest, createProduct, expect, expectAccessibleAtAllWidths, SAMPLE_ADDRESS, test } from './fixtures';
import { laptopInCartToCanada } from './prices';

const CARD_APPROVED = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';
const NEXT_YEAR = String(new Date().getUTCFullYear() + 1);

const breakdown = (page: Page) => page.getByLabel('Order total');
const totalOf = (page: Page) => breakdown(page).locator('div').filter({ hasText: /^Total/ }).locator('dd');

async function payByCard(page: Page, number: string) {
  await page.getByRole('radio', { name: 'Card Payment' }).check();
  const card = page.getByRole('group', { name: 'Card details' });
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiry month').fill('12');
  await card.getByLabel('Expiry year').fill(NEXT_YEAR);
  await card.getByLabel('Security code').fill('123');
}

async function ownOrderCount(page: Page): Promise<number> {
  const response = await page.request.get('/api/orders/own/?_page=1&_per_page=10');
  expect(response.ok()).toBeTruthy();
  return Number(response.headers()['x-total-count'] ?? (await response.json()).length);
}

test('a shopper sees the reason for a bad code, chooses Express to Canada, pays by the test card and the order keeps the total', { tag: '@engine' }, async ({ page, shopper }) => {
  test.slow(); // two pages checked at two widths, and an order
  expect(shopper.email).toContain('@');
  await laptopInCartToCanada(page);

  // The cart: prices before tax; the laptop passes the cheapest Canadian method's free-shipping threshold.
  await page.goto('/cart');
  await expect(page.getByText('Shipping and taxes calculated at checkout.')).toBeVisible();
  await expect(page.getByText('Prices are before tax.')).toBeVisible();
  await expect(page.getByTestId('shipping-estimate')).toHaveText('Free shipping to Canada');
  await expectAccessibleAtAllWidths(page, () => expect(page.getByRole('heading', { name: 'Cart', level: 1 })).toBeVisible());

  // Checkout: the address, then its country's methods with the cheapest chosen.
  await page.getByRole('link', { name: 'Checkout' }).click();
  // No shipping, tax or total until an address is chosen.
  await expect(page.getByText('Choose a shipping address to see shipping, tax and the total.')).toBeVisible();
  await expect(totalOf(page)).toHaveCount(0);
  await page.getByRole('radio', { name: new RegExp(SAMPLE_ADDRESS.name) }).check();
  const standard = page.getByRole('radio', { name: /^Standard/ });
  const express = page.getByRole('radio', { name: /^Express/ });
  await expect(standard).toBeChecked();
  // Each method says when this cart would arrive by it (what the order stores when placed).
  await expect(express).toHaveAccessibleName(/business days.*Arrives \w{3}, \w{3} \d{1,2}/);
  await expect(standard).toHaveAccessibleName(/business days.*Arrives \w{3}, \w{3} \d{1,2}/);
  await expect(breakdown(page).getByText('Shipping (Standard)')).toBeVisible();
  await expect(breakdown(page).getByText(/^Tax \(\d+(\.\d+)?%\)$/)).toBeVisible();
  // A shopper who is not a member is told what the membership would save on a laptop.
  await expect(page.getByText(/^Members save \$[\d,]+\.\d\d on this order\./)).toBeVisible();

  // A code the shop does not know: the server's reason under the field, no chip.
  await page.getByLabel('Promo code').fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(/^NOSUCHCODE: .+/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove code NOSUCHCODE' })).toHaveCount(0);

  // Express, by keyboard: the total changes.
  const before = await totalOf(page).innerText();
  await standard.focus();
  await page.keyboard.press('ArrowDown');
  await expect(express).toBeChecked();
  await expect(breakdown(page).getByText('Shipping (Express)')).toBeVisible();
  await expect(totalOf(page)).not.toHaveText(before);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const charged = await totalOf(page).innerText();

  await payByCard(page, CARD_APPROVED);
  await expectAccessibleAtAllWidths(page, () => expect(page.getByRole('heading', { name: 'Order Summary', level: 2 })).toBeVisible());

  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/orderSuccess\/\d+$/);
  await expect(page.getByText('Order Successfully Placed')).toBeVisible();
  const orderId = Number(page.url().split('/').pop());
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
    shipping: { name: string };
    totals: { total: number };
    payment: { method: string; last4?: string };
    totalAmount: number;
  };
  expect(order.shipping.name).toBe('Express');
  expect(order.payment).toMatchObject({ method: 'card', last4: '4242' });
  const shown = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(order.totals.total);
  expect(shown).toBe(charged);
  expect(order.totalAmount).toBe(order.totals.total);
});

test('a declined card shows the message at the card form and places nothing', async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  await laptopInCartToCanada(page);
  await page.goto('/checkout');
  await page.getByRole('radio', { name: new RegExp(SAMPLE_ADDRESS.name) }).check();
  await expect(page.getByRole('radio', { name: /^Standard/ })).toBeChecked();

  // Checked before sending: a number that fails Luhn is named at its field.
  await payByCard(page, '4242 4242 4242 4241');
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page.getByText('Card number is not valid')).toBeVisible();

  await page.getByLabel('Card number').fill(CARD_DECLINED);
  await page.getByRole('button', { name: 'Order Now' }).click();
  const card = page.getByRole('group', { name: 'Card details' });
  await expect(card.getByRole('alert')).toContainText(/declined/i);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel('Card number')).toHaveValue(CARD_DECLINED);
  expect(await ownOrderCount(page)).toBe(0);
  const cart = (await (await page.request.get('/api/cart')).json()) as unknown[];
  expect(cart).toHaveLength(1);
});

test('a price changed while the shopper looks: the cart and checkout show it when opened, and Order Now refuses a total other than the one shown', async ({ page, shopper, request }) => {
  test.slow(); // two price changes, two order attempts
  expect(shopper.email).toContain('@');
  const admin = await adminRequest(request);
  const product = await createProduct(admin, { price: 50, discountPercentage: 0 });
  const setPrice = async (price: number) => expect((await admin.patch(`/api/products/${product.id}`, { data: { price } })).status()).toBe(200);
  expect((await page.request.post('/api/cart', { data: { product: product.id, quantity: 1 } })).status()).toBe(201);
  const me = await (await page.request.get('/api/auth/check')).json();
  expect((await page.request.patch(`/api/users/${me.id}`, { data: { addresses: [SAMPLE_ADDRESS] } })).status()).toBe(200);
  const line = () => page.getByRole('listitem').filter({ hasText: product.title });

  await page.goto('/cart');
  await expect(line()).toContainText('$50');
  // The price changes; Checkout (a page of the app, not a reload) shows the line as it is now.
  await setPrice(60);
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(line()).toContainText('$60');
  await page.getByRole('radio', { name: new RegExp(SAMPLE_ADDRESS.name) }).check();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const shown = await totalOf(page).innerText();

  // It changes again while the checkout is open: the order is refused, nothing placed, and the page shows the new total.
  await setPrice(70);
  await page.getByRole('button', { name: 'Order Now' }).click();
  const refusal = page.getByText(/^The order's total is now \$[\d,]+\.\d\d, not the \$[\d,]+\.\d\d shown\. Nothing was ordered or charged/).first();
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText(`not the ${shown} shown`);
  expect(await ownOrderCount(page)).toBe(0);
  await expect(line()).toContainText('$70');
  await expect(totalOf(page)).not.toHaveText(shown);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const now = await totalOf(page).innerText();
  await expect(refusal).toContainText(`now ${now}`);

  // Ordered again: placed at the total the page now shows.
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/orderSuccess\/\d+$/);
  const order = await (await page.request.get(`/api/orders/${page.url().split('/').pop()}`)).json();
  expect(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(order.totalAmount)).toBe(now);
});

test('a line removed in another tab while the checkout is open: Order Now refuses, the page shows the cart as it is, and ordering again buys only what is left', async ({ page, shopper, request }) => {
  expect(shopper.email).toContain('@');
  const admin = await adminRequest(request);
  const kept = await createProduct(admin, { price: 40, discountPercentage: 0 });
  const removed = await createProduct(admin, { price: 25, discountPercentage: 0 });
  for (const p of [kept, removed]) expect((await page.request.post('/api/cart', { data: { product: p.id, quantity: 1 } })).status()).toBe(201);
  const me = await (await page.request.get('/api/auth/check')).json();
  expect((await page.request.patch(`/api/users/${me.id}`, { data: { addresses: [SAMPLE_ADDRESS] } })).status()).toBe(200);
  const line = (title: string) => page.getByRole('listitem').filter({ hasText: title });

  await page.goto('/checkout');
  await expect(line(removed.title)).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(SAMPLE_ADDRESS.name) }).check();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const shown = await totalOf(page).innerText();

  // The other tab (the same session) removes a line; this page still shows it.
  expect((await page.request.delete(`/api/cart/${removed.id}`)).status()).toBe(200);
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page.getByText(/^Your cart has changed since this page showed it \(in another tab or window\)\. Nothing was ordered or charged/).first()).toBeVisible();
  expect(await ownOrderCount(page)).toBe(0);
  await expect(line(removed.title)).toHaveCount(0);
  await expect(line(kept.title)).toBeVisible();
  await expect(totalOf(page)).not.toHaveText(shown);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/orderSuccess\/\d+$/);
  const order = await (await page.request.get(`/api/orders/${page.url().split('/').pop()}`)).json();
  expect(order.items.map((i: { product: { id: number } }) => i.product.id)).toEqual([kept.id]);
});
