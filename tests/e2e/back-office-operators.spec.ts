// What the people who run the shop set up, in Chromium: an admin adds a webhook and sees its
// signing secret once; invites a staff member by email and gives a shopper the fulfilment role,
// who then reaches the orders but not the promotions (and is not offered them in the menu); a
// shopper turns on two-factor sign-in with a code from the key shown, keeps the recovery codes,
// and the next sign-in asks for a code after the password (a recovery code does). axe on each
// screen, desktop and 360 px.
import { generateSync } from 'otplib';
import { adminRequest, expect, expectAccessibleAtAllWidths, loginAsAdmin, loginViaApi, NEW_USER_PASSWORD, signUpViaApi, test, uniqueEmail } from './fixtures';

test('an admin adds a webhook and staff; a fulfilment member is kept to its pages; a shopper signs in with two-factor', async ({ page, request }) => {
  test.slow();
  const admin = await adminRequest(request);
  await loginAsAdmin(page);

  // A webhook: the secret is shown once, then only the endpoint.
  await page.goto('/admin/webhooks');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  const url = `https://hooks-${Date.now().toString(36)}.example.com/shop`;
  await page.getByLabel(/^URL/).fill(url);
  await page.getByRole('checkbox', { name: /order\.placed/ }).check();
  await page.getByRole('button', { name: 'Save webhook' }).click();
  await expect(page.getByRole('heading', { name: /copy its signing secret now/ })).toBeFocused();
  await expect(page.getByLabel('Signing secret', { exact: true })).toHaveText(/^whsec_[0-9a-f]{64}$/);
  await expectAccessibleAtAllWidths(page, () => expect(page.getByLabel('Signing secret', { exact: true })).toBeVisible());
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByLabel('Signing secret', { exact: true })).toHaveCount(0);
  await expect(page.getByText(url)).toBeVisible();
  // No event of the other journeys goes to it (no network in tests).
  const hooks = (await (await admin.get('/api/admin/webhooks')).json()) as { id: number; url: string }[];
  expect((await admin.delete(`/api/admin/webhooks/${hooks.find((h) => h.url === url)!.id}`)).status()).toBe(204);

  // Staff: a new address is invited; a shopper's account gets the fulfilment role.
  const invited = uniqueEmail('packer');
  await page.goto('/admin/staff');
  const invite = page.getByRole('form', { name: 'Add a staff member' });
  await invite.getByLabel('Email').fill(invited);
  await invite.getByLabel('Role').selectOption('fulfilment');
  await invite.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: invited })).toContainText('Invited: no password chosen yet');
  await expectAccessibleAtAllWidths(page, () => expect(page.getByRole('listitem').filter({ hasText: invited })).toBeVisible());
  const emails = (await (await admin.get('/api/admin/emails')).json()) as { to: string }[];
  expect(emails.some((m) => m.to === invited)).toBe(true);

  const packer = await signUpViaApi(page);
  expect((await admin.post('/api/admin/staff', { data: { email: packer.email, role: 'fulfilment' } })).status()).toBe(200);
  await page.context().clearCookies();
  await loginViaApi(page, packer);
  await page.goto('/admin/orders');
  await expect(page.getByRole('heading', { level: 1, name: /Orders/ })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main' });
  await expect(menu.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Promotions' })).toHaveCount(0);
  await page.goto('/admin/promotions');
  await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible();

  // Two-factor sign-in for a shopper: set up from the key shown, then asked for at sign-in.
  await page.context().clearCookies();
  const shopper = await signUpViaApi(page, { email: uniqueEmail('twofactor'), password: NEW_USER_PASSWORD });
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const key = (await page.locator('code').filter({ hasText: /^[A-Z2-7]{16,}$/ }).textContent())!.trim();
  await expectAccessibleAtAllWidths(page, () => expect(page.getByLabel('Authentication code')).toBeVisible());
  await page.getByLabel('Authentication code').fill(generateSync({ secret: key }));
  await page.getByRole('button', { name: 'Confirm and turn on' }).click();
  const codes = page.getByRole('list').filter({ hasText: /^[a-z2-7]{4}-/ }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!.trim();
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();

  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email address').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The password alone signs nobody in: a code is asked for.
  await expect(page.getByLabel('Authentication code')).toBeFocused();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expectAccessibleAtAllWidths(page, () => expect(page.getByLabel('Authentication code')).toBeVisible());
  await page.getByLabel('Authentication code').fill(recovery);
  await page.getByRole('button', { name: 'Verify and log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
