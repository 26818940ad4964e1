// The shopper's journey, from signing up to buying, end to end against the real server on fresh data.
import type { Page } from '@playwright/test';
import { formatMoney } from '../../src/domain/checkout';
import {
  catalogue,
  displayPrice,
  expect,
  loginViaUi,
  NEW_USER_PASSWORD,
  SAMPLE_ADDRESS,
  saveCheckoutAddress,
  signUpViaUi,
  test,
  uniqueEmail,
  type CatalogueProduct,
} from './fixtures';

const sidebar = (page: Page) => page.getByRole('form', { name: 'Product filters' });
const productCards = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('listitem');
const results = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+ results$/);

/** In-stock, not deleted products without options (one variant) with room for a few orders. */
async function buyable(page: Page): Promise<CatalogueProduct[]> {
  const { items } = await catalogue(page);
  const plain: CatalogueProduct[] = [];
  for (const p of items.filter((p) => !p.deleted && p.stock >= 10)) {
    const { variants, minimumOrderQuantity } = (await (await page.request.get(`/api/products/${p.id}`)).json()) as {
      variants: unknown[];
      minimumOrderQuantity?: number;
    };
    // Add to Cart adds a product's minimum order quantity: this journey buys products sold by one.
    if (variants.length === 1 && (minimumOrderQuantity ?? 1) === 1) plain.push(p);
  }
  return plain;
}

async function addToCart(page: Page, product: CatalogueProduct) {
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item added to Cart !')).toBeVisible();
}

test('a new shopper signs up, browses, buys with a new address and cash, then a saved address and card', async ({ page }) => {
  const credentials = { email: uniqueEmail('journey'), password: NEW_USER_PASSWORD };

  // Sign up, sign out, sign in again.
  await signUpViaUi(page, credentials);
  await expect(page).toHaveURL('/');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  await loginViaUi(page, credentials);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
  await expect(page.getByText('Apply for Membership ,and get 20% instant discount on Electronics Products, Hurry, Offer Ending Soon!')).toBeVisible();

  // Filter by category, then brand: the count matches the API's for the same filter.
  const categories = (await (await page.request.get('/api/categories')).json()) as { value: string; label: string }[];
  const category = categories[0];
  await sidebar(page).getByRole('button', { name: 'Category' }).click();
  await sidebar(page).getByLabel(category.label, { exact: true }).check();
  await expect(page).toHaveURL(`/?category=${category.value}`);
  const inCategory = await catalogue(page, `category=${encodeURIComponent(category.value)}&_page=1&_limit=15`);
  await expect(results(page)).toHaveText(`Showing 1 to ${Math.min(15, inCategory.total)} of ${inCategory.total} results`);

  const brand = inCategory.items[0].brand;
  await sidebar(page).getByRole('button', { name: 'Brand' }).click();
  // A group shows its first 12 options and says how many more there are.
  const moreBrands = sidebar(page).getByRole('button', { name: /^Show \d+ more brands$/ });
  const brandBox = sidebar(page).getByLabel(brand, { exact: true });
  await expect(brandBox.or(moreBrands).first()).toBeVisible();
  if (await brandBox.isHidden()) await moreBrands.click();
  await brandBox.check();
  const both = await catalogue(page, `category=${encodeURIComponent(category.value)}&brand=${encodeURIComponent(brand)}&_page=1&_limit=15`);
  await expect(results(page)).toHaveText(`Showing 1 to ${both.total} of ${both.total} results`);
  await expect(productCards(page)).toHaveCount(both.total);
  for (const p of both.items) await expect(page.getByRole('heading', { name: p.title, exact: true })).toBeVisible();

  // Clear, sort by price, page through.
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL('/');
  await page.getByRole('button', { name: 'Sort' }).click();
  await page.getByRole('menuitem', { name: 'Price: Low to High' }).click();
  await expect(page).toHaveURL('/?sort=price&order=asc');
  const cheapest = await catalogue(page, '_sort=salePrice&_order=asc&_page=1&_limit=15');
  const cards = productCards(page).getByRole('heading', { level: 3 });
  await expect(cards.first()).toHaveText(cheapest.items[0].title);
  await expect(results(page)).toHaveText(`Showing 1 to 15 of ${cheapest.total} results`);

  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL('/?sort=price&order=asc&page=2');
  await expect(results(page)).toHaveText(`Showing 16 to 30 of ${cheapest.total} results`);
  const secondPage = await catalogue(page, '_sort=salePrice&_order=asc&_page=2&_limit=15');
  await expect(cards.first()).toHaveText(secondPage.items[0].title);
  await page.getByRole('link', { name: 'Previous' }).click();
  await expect(results(page)).toHaveText(`Showing 1 to 15 of ${cheapest.total} results`);

  // Search, then open the product found.
  const [first, second] = await buyable(page);
  await page.getByRole('combobox', { name: 'Search products' }).fill(first.title);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await page.getByRole('link', { name: new RegExp(`^${first.title}`) }).first().click();
  await expect(page).toHaveURL(`/products/${first.id}`);
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await expect(page.getByText(displayPrice(first)).first()).toBeVisible();

  // Add it; the second try says it is already there.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item added to Cart !')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item Already added !')).toBeVisible();

  // Cart: change the quantity.
  await page.getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page.getByRole('heading', { name: 'Cart' })).toBeVisible();
  await page.getByLabel(`Qty of ${first.title}`).selectOption('2');
  await expect(page.getByTestId('cart-subtotal')).toHaveText(displayPrice(first, 2));
  await expect(page.getByTestId('cart-total-items')).toHaveText('2 items');
  // The header's badge counts what the cart counts: items, not lines.
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expect(page.getByTestId('cart-badge').filter({ visible: true })).toHaveText('2');

  // Checkout with a new address, paying cash.
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL('/checkout');
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose a shipping address' })).toBeVisible();
  await saveCheckoutAddress(page);
  await expect(page.getByRole('radio', { name: 'Cash' })).toBeChecked();
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/orderSuccess\/\d+$/);
  const firstOrderId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Order Successfully Placed' })).toBeVisible();
  await expect(page.getByText(`Order number #${firstOrderId}`)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Cart/ })).toHaveAccessibleName('Cart');

  // A reload still shows the order number.
  await page.reload();
  await expect(page.getByText(`Order number #${firstOrderId}`)).toBeVisible();

  // A second order: saved address, card.
  await addToCart(page, second);
  await page.goto('/checkout');
  await page.getByRole('radio', { name: new RegExp(SAMPLE_ADDRESS.name) }).check();
  await page.getByRole('radio', { name: 'Card Payment' }).check();
  // The offline test provider's approved card.
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry month').fill('12');
  await page.getByLabel('Expiry year').fill(String(new Date().getUTCFullYear() + 1));
  await page.getByLabel('Security code').fill('123');
  await expect(page.getByTestId('cart-subtotal')).toHaveText(displayPrice(second));
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/orderSuccess\/\d+$/);
  const secondOrderId = page.url().split('/').pop()!;

  // Both in My Orders, newest first; each order's page has its items, totals and address.
  await page.getByRole('link', { name: 'My Account > My Orders' }).click();
  await expect(page).toHaveURL('/orders');
  const summaries = page.getByRole('list', { name: 'Your orders, newest first' }).getByRole('article');
  await expect(summaries.nth(0)).toHaveAccessibleName(`Order #${secondOrderId}`);
  await expect(summaries.nth(1)).toHaveAccessibleName(`Order #${firstOrderId}`);
  // Each order lists its lines (title, brand) and where it ships.
  const firstLines = summaries.nth(1).getByRole('list', { name: 'Items' });
  await expect(firstLines.getByRole('heading', { name: first.title, exact: true })).toBeVisible();
  await expect(firstLines.getByText(first.brand, { exact: true })).toBeVisible();
  await expect(firstLines.getByText(`Qty 2 × ${displayPrice(first)}`)).toBeVisible();
  await expect(summaries.nth(0).getByRole('list', { name: 'Items' }).getByRole('heading', { name: second.title, exact: true })).toBeVisible();
  await expect(summaries.nth(0).getByRole('list', { name: 'Items' }).getByText(second.brand, { exact: true })).toBeVisible();
  await expect(summaries.nth(1).getByRole('region', { name: `Order #${firstOrderId} Shipping address` })).toContainText(
    `${SAMPLE_ADDRESS.city}, ${SAMPLE_ADDRESS.state}, ${SAMPLE_ADDRESS.country} ${SAMPLE_ADDRESS.pincode}`,
  );
  // My Orders shows the total the order stored (shipping and tax of the address included).
  const firstTotal = ((await (await page.request.get(`/api/orders/${firstOrderId}`)).json()) as { totals: { total: number } }).totals.total;
  await expect(summaries.nth(1)).toContainText(formatMoney(firstTotal));
  await summaries.nth(1).getByRole('link', { name: `Order #${firstOrderId}` }).click();
  await expect(page).toHaveURL(`/orders/${firstOrderId}`);
  const items = page.getByRole('list', { name: 'Items' });
  await expect(items.getByText(first.title)).toBeVisible();
  await expect(items.getByText(`Qty 2 × ${displayPrice(first)}`)).toBeVisible();
  await expect(items.getByText(displayPrice(first, 2))).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText('Cash on delivery — Not paid yet', { exact: true })).toBeVisible();
  await expect(page.getByText(`${SAMPLE_ADDRESS.city}, ${SAMPLE_ADDRESS.state}, ${SAMPLE_ADDRESS.country} ${SAMPLE_ADDRESS.pincode}`)).toBeVisible();
  await page.goto(`/orders/${secondOrderId}`);
  await expect(page.getByRole('list', { name: 'Items' }).getByText(second.title)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' }).getByText(/^Card •••• 4242 \(Visa\) — Authorized, not charged yet$/)).toBeVisible();
  await expect(page.getByRole('main').getByText('pending', { exact: true }).first()).toBeVisible();
});

test('the filtered, sorted, paged URL survives a reload and the Back button', async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  await page.goto('/?sort=price&order=desc&page=2');
  await expect(results(page)).toHaveText(/^Showing 16 to 30 of \d+ results$/);
  const expected = await catalogue(page, '_sort=salePrice&_order=desc&_page=2&_limit=15');
  const cards = productCards(page).getByRole('heading', { level: 3 });
  await expect(cards.first()).toHaveText(expected.items[0].title);

  const categories = (await (await page.request.get('/api/categories')).json()) as { value: string; label: string }[];
  await sidebar(page).getByRole('button', { name: 'Category' }).click();
  await sidebar(page).getByLabel(categories[1].label, { exact: true }).check();
  await expect(page).toHaveURL(`/?category=${categories[1].value}&sort=price&order=desc`);
  await page.reload();
  await expect(sidebar(page).getByLabel(categories[1].label, { exact: true })).toBeChecked();
  await expect(results(page)).toHaveText(/^Showing 1 to \d+ of 10 results$/);
  await page.goBack();
  await expect(page).toHaveURL('/?sort=price&order=desc&page=2');
  await expect(results(page)).toHaveText(/^Showing 16 to 30 of \d+ results$/);
});

test('the mobile Filters slide-over filters the list', async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await expect(results(page)).toBeVisible();
  await page.getByRole('button', { name: /^Filters/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await expect(dialog.getByRole('heading', { name: 'Filters' })).toBeVisible();
  const brands = (await (await page.request.get('/api/brands')).json()) as { value: string; label: string }[];
  await dialog.getByRole('button', { name: 'Brand' }).click();
  await dialog.getByLabel(brands[0].label, { exact: true }).check();
  await expect(page).toHaveURL(`/?brand=${encodeURIComponent(brands[0].value).replace(/%20/g, '+')}`);
  await dialog.getByRole('button', { name: 'Close menu' }).click();
  await expect(dialog).toBeHidden();
  const filtered = await catalogue(page, `brand=${encodeURIComponent(brands[0].value)}&_page=1&_limit=15`);
  await expect(results(page)).toHaveText(`Showing 1 to ${filtered.total} of ${filtered.total} results`);
});

test('a product out of stock or deleted cannot be added, and says why', async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  const { items } = await catalogue(page);
  const soldOut = items.find((p) => p.stock <= 0 && !p.deleted)!;
  const deleted = items.find((p) => p.deleted)!;
  await page.goto(`/products/${soldOut.id}`);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await expect(page.getByText(/Out of stock: this product cannot be added/)).toBeVisible();
  await page.goto(`/products/${deleted.id}`);
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await expect(page.getByText('Product Deletd')).toBeVisible();
});
