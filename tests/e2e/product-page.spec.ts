// The product page on a phone: one image with thumbnails, so the title, price,
// rating and 'Add to Cart' are on the first screen of a 360×780 phone; the gallery by keyboard.
import type { Locator } from '@playwright/test';
import { catalogue, displayPrice, expect, test } from './fixtures';

const PHONE = { width: 360, height: 780 };

async function expectOnFirstScreen(what: Locator) {
  const box = await what.boundingBox();
  expect(box, 'laid out').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, 'bottom edge within the first screen').toBeLessThanOrEqual(PHONE.height);
}

test('on a 360×780 phone the title, price, rating and Add to Cart are visible without scrolling', async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  await page.setViewportSize(PHONE);
  // The longest title wraps the most: the worst case of the catalogue.
  const { items } = await catalogue(page);
  const longest = items.filter((p) => !p.deleted).sort((a, b) => b.title.length - a.title.length)[0];
  await page.goto(`/products/${longest.id}`);

  const title = page.getByRole('heading', { level: 1, name: longest.title });
  await expect(title).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expectOnFirstScreen(title);
  await expectOnFirstScreen(page.getByText(`Price: ${displayPrice(longest)}`));
  const { rating } = (await (await page.request.get(`/api/products/${longest.id}`)).json()) as { rating: number };
  await expectOnFirstScreen(page.getByText(`${rating.toFixed(1)} out of 5 stars`));
  await expectOnFirstScreen(page.getByRole('button', { name: 'Add to Cart' }));

  // One large image, sharp (vector files) and loaded; the thumbnails wait until they are needed.
  const main = page.getByRole('img', { name: `${longest.title}, image 1 of 3` });
  await expect(main).toBeVisible();
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await main.getAttribute('src')).toMatch(/\.svg$/);
  const thumbnails = page.getByRole('group', { name: 'Product images' }).getByRole('button');
  await expect(thumbnails).toHaveCount(3);
  for (const img of await page.getByRole('group', { name: 'Product images' }).locator('img').all()) {
    expect(await img.getAttribute('loading')).toBe('lazy');
  }
});

test('the gallery works with the keyboard and by tapping a thumbnail', async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  const { items } = await catalogue(page, '_page=1&_limit=5');
  const product = items[0];
  await page.goto(`/products/${product.id}`);
  const main = page.getByRole('img', { name: new RegExp(`^${product.title}, image \\d of 3$`) });
  await expect(main).toHaveAccessibleName(`${product.title}, image 1 of 3`);
  const first = page.getByRole('button', { name: 'Show image 1 of 3' });
  await expect(first).toHaveAttribute('aria-current', 'true');

  await first.focus();
  await page.keyboard.press('ArrowRight');
  await expect(main).toHaveAccessibleName(`${product.title}, image 2 of 3`);
  await expect(page.getByRole('button', { name: 'Show image 2 of 3' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Show image 2 of 3' })).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('End');
  await expect(main).toHaveAccessibleName(`${product.title}, image 3 of 3`);
  await page.keyboard.press('ArrowRight');
  await expect(main).toHaveAccessibleName(`${product.title}, image 1 of 3`);

  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Show image 3 of 3' }).click();
  await expect(main).toHaveAccessibleName(`${product.title}, image 3 of 3`);
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
