// axe (WCAG 2 A and AA) on every shopper page at desktop and mobile widths, and the README's
// storefront screenshot.
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  catalogue,
  DESKTOP,
  expect,
  expectAccessibleAtAllWidths,
  expectAlert,
  expectNoAxeViolations,
  MOBILE,
  placeOrderViaApi,
  SAMPLE_ADDRESS,
  test,
} from './fixtures';

const heading = (page: Page, name: string | RegExp, level = 1) => () =>
  expect(page.getByRole('heading', { level, name })).toBeVisible();

async function allImagesLoaded(page: Page) {
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && img.naturalWidth > 0));
}

test('signed-out pages have no axe violations', async ({ page }) => {
  await page.goto('/login');
  await expectAccessibleAtAllWidths(page, heading(page, 'Log in to your account'));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/signup');
  await expectAccessibleAtAllWidths(page, heading(page, 'Create a New Account'));
  await page.goto('/forgot-password');
  await expectAccessibleAtAllWidths(page, heading(page, 'Enter email to reset password'));
  await page.goto('/no/such/page');
  await expectAccessibleAtAllWidths(page, heading(page, 'Page not found'));
  await page.goto('/privacy');
  await expectAccessibleAtAllWidths(page, heading(page, 'Privacy'));
  await page.goto('/orders');
  await expectAccessibleAtAllWidths(page, heading(page, 'My Orders'));
});

test('the shop pages have no axe violations', async ({ page, shopper }) => {
  // Eight pages, each checked at two widths: a shared machine can take most of a minute.
  test.setTimeout(120_000);
  expect(shopper.email).toContain('@');
  const { items } = await catalogue(page);
  // Two products without options (one variant): 'Add to Cart' adds them as they are.
  const plain: typeof items = [];
  for (const p of items.filter((p) => !p.deleted && p.stock >= 10)) {
    const { variants, minimumOrderQuantity } = (await (await page.request.get(`/api/products/${p.id}`)).json()) as {
      variants: unknown[];
      minimumOrderQuantity?: number;
    };
    // Sold by one: placeOrderViaApi orders a single item.
    if (variants.length === 1 && (minimumOrderQuantity ?? 1) === 1) plain.push(p);
    if (plain.length === 2) break;
  }
  const [product, another] = plain;

  // Home, with the listing loaded; then the open menus and the mobile filter panel.
  await page.goto('/?category=laptops');
  const loaded = () => expect(page.getByText(/^Showing \d+ to \d+ of \d+ results$/)).toBeVisible();
  await expectAccessibleAtAllWidths(page, loaded);
  await page.getByRole('button', { name: 'Sort' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');

  await page.setViewportSize(MOBILE);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' }).getByRole('heading', { name: 'Filters' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Category' }).click();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Close menu' }).click();
  await page.getByRole('button', { name: 'Open main menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Profile' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize(DESKTOP);

  // Product detail, then the cart and checkout with something in the cart.
  await page.goto(`/products/${product.id}`);
  await expectAccessibleAtAllWidths(page, heading(page, product.title));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expectAlert(page, 'Item added to Cart !');
  await expectNoAxeViolations(page);

  await page.goto('/cart');
  await expectAccessibleAtAllWidths(page, heading(page, 'Cart'));
  await page.goto('/checkout');
  await expectAccessibleAtAllWidths(page, heading(page, 'Order Summary', 2));
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Name is Required')).toBeVisible();
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expectNoAxeViolations(page);

  // Success page, My Orders with orders, profile with an address and its form open.
  const orderId = await placeOrderViaApi(page, another.id);
  await page.goto(`/orderSuccess/${orderId}`);
  await expectAccessibleAtAllWidths(page, heading(page, 'Order Successfully Placed'));
  await page.goto('/orders');
  await expectAccessibleAtAllWidths(page, () => expect(page.getByRole('article', { name: `Order #${orderId}` })).toBeVisible());

  await page.request.patch(`/api/users/${(await (await page.request.get('/api/auth/check')).json()).id}`, {
    data: { addresses: [SAMPLE_ADDRESS] },
  });
  await page.goto('/profile');
  await expectAccessibleAtAllWidths(page, () => expect(page.getByText(SAMPLE_ADDRESS.street)).toBeVisible());
  await page.getByRole('button', { name: 'Add New Address' }).click();
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Name is Required')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('screenshot of the storefront for the README', async ({ page, shopper }) => {
  // The README's picture, taken where someone reads it: CI's copy would be thrown away.
  test.skip(!!process.env.CI, 'README screenshots are taken by a local run');
  expect(shopper.email).toContain('@');
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/');
  await expect(page.getByText(/^Showing 1 to 15 of \d+ results$/)).toBeVisible();
  await page.getByRole('form', { name: 'Product filters' }).getByRole('button', { name: 'Category' }).click();
  await expect(page.getByRole('form', { name: 'Product filters' }).getByRole('checkbox').first()).toBeVisible();
  await allImagesLoaded(page);
  mkdirSync('docs', { recursive: true });
  await page.screenshot({ path: 'docs/storefront.png' });
});
