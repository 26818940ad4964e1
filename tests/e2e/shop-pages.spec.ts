// Pictures and words that fit: the footer's pages written for the shop (and the routes it has no
// page for, such as /aiplatform, opening the help page), the Dashboard link saying what it opens,
// and a filter group that shows how many more options it has. Keyboard only where a person would
// use it; axe at both widths.
import { expect, expectAccessibleAtAllWidths, test } from './fixtures';

test('the footer leads to the shop’s own pages, and the routes the shop has no page for to the help page', async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Returns and refunds' }).click();
  await expect(page).toHaveURL('/returns');
  await expect(page.getByRole('heading', { level: 1, name: 'Returns and refunds' })).toBeVisible();
  await expect(page.getByText(/The days count from the day your order was delivered/)).toBeVisible();
  // Returns are self-service, as the order page offers them, and refunds go back the way the order was paid.
  await expect(page.getByText(/Open the order from My Orders and choose Return items/)).toBeVisible();
  await expect(page.getByText(/to your card if you paid by card, in cash if you paid in cash/)).toBeVisible();
  await expectAccessibleAtAllWidths(page, () => expect(page.getByRole('heading', { level: 1, name: 'Returns and refunds' })).toBeVisible());

  await page.goto('/aiplatform');
  await expect(page.getByRole('heading', { level: 1, name: 'Help and information' })).toBeVisible();
  await expectAccessibleAtAllWidths(page, () => expect(page.getByRole('heading', { level: 1, name: 'Help and information' })).toBeVisible());
  // By keyboard from the help page to the shipping page.
  const shipping = page.getByRole('article').getByRole('link', { name: 'Shipping and delivery' });
  await shipping.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/shipping');
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping and delivery' })).toBeVisible();
});

test('the shopper’s Dashboard link says it opens all products; the Brand group says how many more brands it has', async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  await page.goto('/profile');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard: all products' }).click();
  await expect(page).toHaveURL('/');

  const filters = page.getByRole('form', { name: 'Product filters' });
  await filters.getByRole('button', { name: 'Brand' }).click();
  const brands = filters.getByRole('group', { name: 'Brand' });
  await expect(brands.getByRole('checkbox')).toHaveCount(12);
  const more = filters.getByRole('button', { name: /^Show \d+ more brands$/ });
  const hidden = Number((await more.textContent())!.match(/\d+/)![0]);
  expect(hidden).toBeGreaterThan(0);
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(brands.getByRole('checkbox')).toHaveCount(12 + hidden);
  await expect(filters.getByRole('button', { name: 'Show fewer brands' })).toBeFocused();

  await filters.getByRole('button', { name: 'Category' }).click();
  // Every category in sight: the seed's twelve fit without a button.
  await expect(filters.getByRole('group', { name: 'Category' }).getByRole('checkbox')).toHaveCount(12);
  await expect(filters.getByRole('button', { name: /more categories/ })).toHaveCount(0);
  await expectAccessibleAtAllWidths(page, () => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible());
});
