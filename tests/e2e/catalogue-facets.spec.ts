// Finding products in Chromium: the facet filters (counts, price, rating, in stock, chips,
// URL, slide-over, /admin) and the search box's suggestions, by keyboard, checked against the API.
import type { Page } from '@playwright/test';
import {
  DESKTOP,
  expect,
  expectAccessibleAtAllWidths,
  expectNoAxeViolations,
  loginAsAdmin,
  MOBILE,
  test,
} from './fixtures';
import type { ProductFacets } from '../../src/domain/types';

const sidebar = (page: Page) => page.getByRole('form', { name: 'Product filters' });
const results = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+ results$|^No products match/);
const chips = (page: Page) => page.getByRole('list', { name: 'Active filters' });

async function facetsFor(page: Page, query: string): Promise<ProductFacets> {
  const response = await page.request.get(`/api/products/facets?${query}`);
  expect(response.status()).toBe(200);
  return response.json();
}

async function totalFor(page: Page, query: string): Promise<number> {
  const response = await page.request.get(`/api/products?${query}&_page=1&_limit=15`);
  expect(response.status()).toBe(200);
  return Number(response.headers()['x-total-count']);
}

async function expectResults(page: Page, query: string) {
  const total = await totalFor(page, query);
  await expect(results(page)).toHaveText(
    total === 0 ? /^No products match/ : `Showing 1 to ${Math.min(15, total)} of ${total} results`,
  );
}

test('a shopper narrows the catalogue with counted facets, a price range, a rating and in stock only', { tag: '@engine' }, async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  await page.goto('/');
  await expect(results(page)).toBeVisible();

  // Every category shows how many products it holds; ticking one leaves the other categories.
  const all = await facetsFor(page, '');
  const [category, otherCategory] = all.categories.filter((c) => c.count > 0);
  await sidebar(page).getByRole('button', { name: 'Category' }).click();
  const box = sidebar(page).getByRole('checkbox', { name: category.label, exact: true });
  await expect(box).toHaveAccessibleDescription(`${category.count} products`);
  await box.check();
  await expect(page).toHaveURL(`/?category=${category.value}`);
  await expectResults(page, `category=${category.value}`);
  await expect(sidebar(page).getByRole('checkbox', { name: otherCategory.label, exact: true })).toBeEnabled();

  // The brands count within the category; a brand with none there is disabled.
  const inCategory = await facetsFor(page, `category=${category.value}`);
  await sidebar(page).getByRole('button', { name: 'Brand' }).click();
  const brandWith = inCategory.brands.find((b) => b.count > 0)!;
  const brandWithout = inCategory.brands.find((b) => b.count === 0)!;
  await expect(sidebar(page).getByRole('checkbox', { name: brandWith.label, exact: true })).toHaveAccessibleDescription(
    `${brandWith.count} ${brandWith.count === 1 ? 'product' : 'products'}`,
  );
  await expect(sidebar(page).getByRole('checkbox', { name: brandWithout.label, exact: true })).toBeDisabled();

  // A price range within what the category offers, applied on Enter and on leaving the field.
  const { min, max } = inCategory.price!;
  const low = Math.ceil(min + (max - min) / 4);
  const high = Math.floor(max - (max - min) / 4);
  await expect(sidebar(page).getByLabel('Min price')).toHaveAttribute('placeholder', String(min));
  await sidebar(page).getByLabel('Min price').fill(String(low));
  await expect(page).toHaveURL(`/?category=${category.value}`);
  await sidebar(page).getByLabel('Min price').press('Enter');
  await expect(page).toHaveURL(`/?category=${category.value}&min_price=${low}`);
  await sidebar(page).getByLabel('Max price').fill(String(high));
  await sidebar(page).getByLabel('Max price').blur();
  await expect(page).toHaveURL(`/?category=${category.value}&min_price=${low}&max_price=${high}`);
  await expectResults(page, `category=${category.value}&salePrice_gte=${low}&salePrice_lte=${high}`);

  // Every card shown is within the range (the displayed, discounted price).
  const prices = await page
    .getByRole('list', { name: 'Products' })
    .getByText(/^Price: \$/)
    .allTextContents();
  for (const price of prices) {
    const dollars = Number(price.replace(/[^\d]/g, ''));
    expect(dollars).toBeGreaterThanOrEqual(low);
    expect(dollars).toBeLessThanOrEqual(high);
  }

  // A minimum rating and in stock only; then the chips, one removed, the URL after a reload.
  await sidebar(page).getByRole('radio', { name: '3 stars & up' }).check();
  await sidebar(page).getByRole('checkbox', { name: 'In stock only' }).check();
  const url = `/?category=${category.value}&min_price=${low}&max_price=${high}&rating=3&in_stock=1`;
  await expect(page).toHaveURL(url);
  await expectResults(page, `category=${category.value}&salePrice_gte=${low}&salePrice_lte=${high}&rating_gte=3&stock_gte=1`);
  await expect(chips(page).getByRole('button')).toHaveText([category.label, `$${low} – $${high}`, '3 stars & up', 'In stock only']);
  await page.reload();
  await expect(sidebar(page).getByRole('radio', { name: '3 stars & up' })).toBeChecked();
  await expect(sidebar(page).getByLabel('Min price')).toHaveValue(String(low));

  await chips(page).getByRole('button', { name: `Remove filter: $${low} – $${high}` }).click();
  await expect(page).toHaveURL(`/?category=${category.value}&rating=3&in_stock=1`);
  await expect(chips(page).getByRole('button', { name: 'Remove filter: 3 stars & up' })).toBeFocused();
  await expect(sidebar(page).getByLabel('Min price')).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(url);
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL('/');
  await expect(chips(page)).toBeHidden();
  await expectResults(page, '');
});

test('the facet filters in the mobile slide-over, and axe with filters in use at both widths', async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await expect(results(page)).toBeVisible();
  await page.getByRole('button', { name: /^Filters/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await dialog.getByRole('checkbox', { name: 'In stock only' }).check();
  await dialog.getByRole('radio', { name: '4 stars & up' }).check();
  await dialog.getByLabel('Max price').fill('500');
  await dialog.getByLabel('Max price').press('Enter');
  await expect(page).toHaveURL('/?max_price=500&rating=4&in_stock=1');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close menu' }).click();
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveText('Filters(3)');
  await expect(chips(page).getByRole('button')).toHaveText(['Up to $500', '4 stars & up', 'In stock only']);
  await expectResults(page, 'salePrice_lte=500&rating_gte=4&stock_gte=1');
  await expectAccessibleAtAllWidths(page, () => expect(results(page)).toBeVisible());
});

test('the admin list has the same facets, counted within its Show choice', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/admin?deleted=deleted');
  await expect(results(page)).toBeVisible();
  const deleted = await facetsFor(page, 'deleted=true');
  await sidebar(page).getByRole('button', { name: 'Category' }).click();
  for (const option of deleted.categories) {
    const box = sidebar(page).getByRole('checkbox', { name: option.label, exact: true });
    await expect(box).toHaveAccessibleDescription(`${option.count} ${option.count === 1 ? 'product' : 'products'}`);
    if (option.count === 0) await expect(box).toBeDisabled();
  }
  await sidebar(page).getByRole('checkbox', { name: 'In stock only' }).check();
  await expect(page).toHaveURL('/admin?deleted=deleted&in_stock=1');
  await expectResults(page, 'deleted=true&stock_gte=1');
});

test('search suggestions by keyboard: a product opens, a category filters, Escape closes', async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expect(results(page)).toBeVisible();
  const box = page.getByRole('combobox', { name: 'Search products' });
  const first = (await (await page.request.get('/api/products?deleted_ne=true&_page=1&_limit=1')).json())[0];
  const word = first.title.split(' ')[0] as string;

  // Two letters in a different case, then the rest: one list, for the whole word.
  await box.focus();
  await page.keyboard.type(word.slice(0, 3).toUpperCase(), { delay: 30 });
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list.getByRole('option', { name: first.title })).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations(page);
  await page.setViewportSize(MOBILE);
  await expect(list.getByRole('option', { name: first.title })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize(DESKTOP);
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue(word.slice(0, 3).toUpperCase());

  // Down Arrow opens it again; Enter on the highlighted product opens its page.
  await page.keyboard.press('ArrowDown');
  await expect(list).toBeVisible();
  const options = list.getByRole('option');
  const names = await options.allTextContents();
  let index = -1;
  do {
    await page.keyboard.press('ArrowDown');
    index++;
  } while (names[index] !== first.title);
  await expect(options.nth(index)).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(index).getAttribute('id'))!);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/products/${first.id}`);
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();

  // A category suggestion becomes the Category filter.
  await page.goto('/');
  const category = ((await (await page.request.get('/api/categories')).json()) as { value: string; label: string }[])[0];
  await box.fill(category.label.slice(0, 4).toLowerCase());
  await list.getByRole('option', { name: category.label, exact: true }).click();
  await expect(page).toHaveURL(`/?category=${category.value}`);
  await expect(box).toHaveValue('');

  // Enter with nothing highlighted runs the search as before.
  await box.fill(word);
  await expect(list).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/?category=${category.value}&q=${encodeURIComponent(word)}`);
  await expect(list).toBeHidden();
});

test('an older answer never replaces a newer one', async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  const categories = (await (await page.request.get('/api/categories')).json()) as { value: string; label: string }[];
  const [slowWord, fastWord] = [categories[0].label, categories[1].label];
  // The first text's answer is held back until after the second's has arrived.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/products/suggest?*', async (route) => {
    const q = new URL(route.request().url()).searchParams.get('q');
    if (q === slowWord) await held;
    await route.continue();
  });
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  const asked = page.waitForRequest((r) => r.url().includes(`q=${encodeURIComponent(slowWord)}`));
  await box.fill(slowWord);
  await asked;
  await box.fill(fastWord);
  await expect(list.getByRole('option', { name: fastWord, exact: true })).toBeVisible();
  const late = page.waitForResponse((r) => r.url().includes(`q=${encodeURIComponent(slowWord)}`));
  release();
  await late;
  await page.waitForTimeout(100);
  await expect(list.getByRole('option', { name: fastWord, exact: true })).toBeVisible();
  await expect(list.getByRole('option', { name: slowWord, exact: true })).toHaveCount(0);
});
