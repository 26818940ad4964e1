// Variants on the product page, in Chromium against the real server and its
// seed: the pickers are built from a product's options, 'Add to Cart' asks for a full choice, the
// choice is in the URL, and buying one size takes stock from that variant only. The subjects are
// found through the API (a product whose `options` is not empty), never by a hard-coded id: the
// spec fails, rather than skips, while the seed has no product with options.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { choiceLabel, variantSalePrice, type ProductOption, type Variant } from '../../src/domain/variants';
import { catalogue, expect, expectAccessibleAtAllWidths, loginAsUser, saveCheckoutAddress, test, type CatalogueProduct } from './fixtures';

type VariantProduct = CatalogueProduct & { options: ProductOption[]; variants: Variant[] };

const PHONE = { width: 360, height: 780 };
const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(amount);

async function productById(request: APIRequestContext, id: number): Promise<VariantProduct> {
  const response = await request.get(`/api/products/${id}`);
  expect(response.ok()).toBeTruthy();
  return response.json();
}

/** Every product of the seed's first 200 with options, as its own answer has it. */
async function productsWithOptions(page: Page): Promise<VariantProduct[]> {
  const { items } = await catalogue(page);
  const full = await Promise.all(items.filter((p) => !p.deleted).map((p) => productById(page.request, p.id)));
  const found = full.filter((p) => (p.options ?? []).length > 0);
  expect(found.length, 'the seed has products with options').toBeGreaterThan(0);
  return found;
}

/** The Chelsea boots (a shoe of the seed), or else a product with options and a variant with stock to spare. */
function subject(products: VariantProduct[]): { product: VariantProduct; variant: Variant } {
  const roomy = (p: VariantProduct) => p.variants.filter((v) => v.stock >= 2);
  const product =
    products.find((p) => /Chelsea Boots/.test(p.title) && roomy(p).length > 0) ??
    products.find((p) => /shoes/.test(p.category) && roomy(p).length > 0) ??
    products.find((p) => roomy(p).length > 0);
  expect(product, 'a product with options and a variant in stock').toBeDefined();
  const variants = roomy(product!);
  return { product: product!, variant: variants[variants.length - 1] };
}

const group = (page: Page, option: string) => page.getByRole('radiogroup', { name: option, exact: true });
const value = (page: Page, option: string, name: string) => group(page, option).getByRole('radio', { name, exact: true });

async function expectOnFirstScreen(what: Locator) {
  const box = await what.boundingBox();
  expect(box, 'laid out').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, 'bottom edge within the first screen').toBeLessThanOrEqual(PHONE.height);
}

test('a shopper chooses a size, buys it, and only that variant’s stock drops', async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  const { product, variant } = subject(await productsWithOptions(page));
  const label = choiceLabel(variant.options, product.options);
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  for (const option of product.options) await expect(group(page, option.name).getByRole('radio')).toHaveCount(option.values.length);

  // Without a full choice, 'Add to Cart' says what is missing and takes focus to it.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const missing = page.getByRole('alert').filter({ hasText: /^Choose .+ to add this product to the cart\.$/ });
  await expect(missing).toContainText(product.options[0].name);
  const focused = group(page, product.options[0].name).getByRole('radio').and(page.locator(':focus'));
  await expect(focused).toHaveCount(1);
  await expectAccessibleAtAllWidths(page, () => expect(missing).toBeVisible());

  // By keyboard: Space chooses the focused value of the first option.
  await page.keyboard.press('Space');
  await expect(focused).toBeChecked();

  for (const option of product.options) await value(page, option.name, variant.options[option.name]).click();
  await expect(page).toHaveURL(new RegExp(`[?&]variant=${variant.id}$`));
  const price = page.getByText(`Price: ${usd(variantSalePrice(product, variant))}`, { exact: true });
  await expect(price).toBeVisible();
  await expect(page.getByText(`${label}: ${variant.stock} in stock.`)).toBeVisible();

  // A shared link opens the same choice.
  await page.reload();
  for (const option of product.options) await expect(value(page, option.name, variant.options[option.name])).toBeChecked();
  await expectAccessibleAtAllWidths(page, () => expect(price).toBeVisible());

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item added to Cart !')).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByText(label, { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await saveCheckoutAddress(page);
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page).toHaveURL(/\/orderSuccess\/\d+$/);

  const after = await productById(page.request, product.id);
  for (const before of product.variants) {
    const now = after.variants.find((v) => v.id === before.id);
    expect(now?.stock, `stock of ${choiceLabel(before.options, product.options)}`).toBe(before.id === variant.id ? before.stock - 1 : before.stock);
  }
});

test('on a 360×780 phone a shared link opens the choice with title, price and Add to Cart on the first screen', async ({ page }) => {
  // The demo shopper: a confirmed address, so no confirmation reminder takes room at the top.
  await loginAsUser(page);
  const { product, variant } = subject(await productsWithOptions(page));
  await page.setViewportSize(PHONE);
  await page.goto(`/products/${product.id}?variant=${variant.id}`);
  for (const option of product.options) await expect(value(page, option.name, variant.options[option.name])).toBeChecked();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expectOnFirstScreen(page.getByRole('heading', { level: 1, name: product.title }));
  await expectOnFirstScreen(page.getByText(`Price: ${usd(variantSalePrice(product, variant))}`, { exact: true }));
  await expectOnFirstScreen(page.getByRole('button', { name: 'Add to Cart' }));
});

test('a sold-out variant is struck through and named so, can be chosen but not added (Notify me instead); an unknown id is ignored', async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  const products = await productsWithOptions(page);
  const product = products.find((p) => p.stock > 0 && p.variants.some((v) => v.stock === 0));
  expect(product, 'a product in stock with a sold-out variant').toBeDefined();
  const soldOut = product!.variants.find((v) => v.stock === 0)!;
  const last = product!.options[product!.options.length - 1].name;

  await page.goto(`/products/${product!.id}?variant=${soldOut.id}`);
  const radio = value(page, last, `${soldOut.options[last]}, sold out`);
  await expect(radio).toBeEnabled();
  await expect(radio).toBeChecked();
  await expect(page.getByRole('button', { name: 'Notify me when back in stock' })).toBeVisible();
  const button = page.getByRole('button', { name: 'Add to Cart' });
  await expect(button).toBeDisabled();
  await expect(button).toHaveAccessibleDescription(`Out of stock: ${choiceLabel(soldOut.options, product!.options)} cannot be added to the cart right now.`);
  await expectAccessibleAtAllWidths(page, () => expect(radio).toBeVisible());

  await page.goto(`/products/${product!.id}?variant=999999999`);
  await expect(page.getByRole('heading', { level: 1, name: product!.title })).toBeVisible();
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(product!.options.filter((o) => o.values.length === 1).length);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^Choose / })).toBeVisible();
});

test('the olive oil has no pickers and goes straight into the cart', async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  const { items } = await catalogue(page);
  const oil = items.find((p) => /Olive Oil/.test(p.title) && !p.deleted && p.stock > 0);
  expect(oil, 'the seed sells olive oil').toBeDefined();
  expect((await productById(page.request, oil!.id)).options ?? []).toEqual([]);
  await page.goto(`/products/${oil!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: oil!.title })).toBeVisible();
  await expect(page.getByRole('radiogroup')).toHaveCount(0);
  await expect(page.getByRole('radio')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item added to Cart !')).toBeVisible();
});
