// Verified-purchase reviews in Chromium: only a shopper who received a product may review it, once; they
// edit their review; the admin removes it; the rating follows each step.
import {
  adminRequest,
  createProduct,
  expect,
  expectAccessibleAtAllWidths,
  expectAlert,
  expectNoAxeViolations,
  loginAsAdmin,
  orderViaApi,
  test,
} from './fixtures';

test('a shopper who received a product reviews it, edits the review, and the admin removes it', async ({ page, shopper, request, browser }) => {
  expect(shopper.email).toContain('@');
  const admin = await adminRequest(request);
  const product = await createProduct(admin);
  const orderId = await orderViaApi(page, [{ product: product.id, quantity: 1 }]);

  // Ordered but not yet received: no form, and why.
  await page.goto(`/products/${product.id}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('Only shoppers who received this product can review it.')).toBeVisible();
  await expect(reviews.getByText('No reviews yet.')).toBeVisible();

  // Delivered: the form, checked before anything is sent.
  expect((await admin.patch(`/api/orders/${orderId}`, { data: { id: orderId, status: 'delivered' } })).status()).toBe(200);
  await page.reload();
  const form = page.getByRole('region', { name: 'Write a review' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(form.getByRole('group', { name: 'Your rating' })).toHaveAccessibleDescription('Choose a rating from 1 to 5 stars');
  await expect(form.getByLabel('Your review')).toHaveAccessibleDescription(/^Write a few words about the product/);
  await expectAccessibleAtAllWidths(page, () => expect(form).toBeVisible());

  // By keyboard: the stars are a radio group (arrows move), then the comment.
  await form.getByRole('radio', { name: '1 star' }).focus();
  await page.keyboard.press('Space');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await form.getByLabel('Your review').fill('Bright and steady.');
  await expect(form.getByText('18 / 1,000 characters')).toBeVisible();
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expectAlert(page, 'Thank you for your review');
  const mine = reviews.getByRole('listitem').filter({ hasText: 'Bright and steady.' });
  await expect(mine.getByText('Verified purchase')).toBeVisible();
  await expect(mine.getByRole('img', { name: 'Rated 4 out of 5 stars' })).toBeVisible();
  await expect(page.getByText('4.0 out of 5 stars')).toBeVisible();
  await expect(form).toBeHidden();
  await expectNoAxeViolations(page);

  // Once only: the API refuses a second review; the page offers an edit instead.
  const again = await page.request.post(`/api/products/${product.id}/reviews`, { data: { rating: 5, comment: 'Again' } });
  expect(again.status()).toBe(409);
  await reviews.getByRole('button', { name: 'Edit your review' }).click();
  const edit = page.getByRole('region', { name: 'Edit your review' });
  await expect(edit.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await edit.getByRole('radio', { name: '2 stars' }).check();
  await edit.getByLabel('Your review').fill('Dimmer after a month.');
  await edit.getByRole('button', { name: 'Save review' }).click();
  await expectAlert(page, 'Your review is saved');
  await expect(page.getByText('2.0 out of 5 stars')).toBeVisible();
  await expect(reviews.getByText('Dimmer after a month.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('2.0 out of 5 stars')).toBeVisible();

  // The admin removes it, after a confirmation; the rating follows.
  const context = await browser.newContext();
  const adminPage = await context.newPage();
  await loginAsAdmin(adminPage);
  await adminPage.goto(`/admin/productdetail/${product.id}`);
  await adminPage.getByRole('button', { name: /^Remove the review by / }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Remove this review?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(adminPage);
  await dialog.getByRole('button', { name: 'Remove review' }).click();
  await expectAlert(adminPage, /^The review by .+ is removed$/);
  await expect(adminPage.getByText('No reviews yet.')).toBeVisible();
  await context.close();
  await page.reload();
  await expect(page.getByText('0.0 out of 5 stars')).toBeVisible();
  await expect(reviews.getByText('No reviews yet.')).toBeVisible();
});

test('a seed review can be removed by the admin and the mean of the rest is the rating', async ({ page, request }) => {
  const admin = await adminRequest(request);
  const products: { id: number; reviews: { id: number; rating: number }[] }[] = await (await admin.get('/api/products?_page=1&_limit=60')).json();
  const subject = products.find((p) => p.reviews.length >= 2)!;
  const [gone, ...rest] = subject.reviews;
  const mean = Math.round((rest.reduce((sum, r) => sum + r.rating, 0) / rest.length) * 10) / 10;
  await loginAsAdmin(page);
  await page.goto(`/admin/productdetail/${subject.id}`);
  const removeButtons = page.getByRole('button', { name: /^Remove the review by / });
  await expect(removeButtons).toHaveCount(subject.reviews.length);
  await removeButtons.first().click();
  await page.getByRole('dialog', { name: 'Remove this review?' }).getByRole('button', { name: 'Remove review' }).click();
  await expect(removeButtons).toHaveCount(rest.length);
  const price = page.getByRole('region', { name: 'Price' });
  await expect(price.getByRole('img', { name: `Rated ${mean} out of 5 stars` })).toBeVisible();
  expect((await (await admin.get(`/api/products/${subject.id}`)).json()).reviews.map((r: { id: number }) => r.id)).not.toContain(gone.id);
});
