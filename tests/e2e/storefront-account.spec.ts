// Accounts, guards and the pages around the shop: sign-in errors, redirects, profile addresses,
// changing the password, sign-out, forgot password, the footer pages and the 404 page.
import {
  expect,
  expectAccessibleAtAllWidths,
  fillAddress,
  loginViaUi,
  NEW_USER_PASSWORD,
  SAMPLE_ADDRESS,
  signUpViaApi,
  test,
  uniqueEmail,
} from './fixtures';

test("a wrong password shows 'Wrong Email or Password' under the password field", async ({ page }) => {
  const credentials = await signUpViaApi(page, { email: uniqueEmail('wrongpw'), password: NEW_USER_PASSWORD });
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email address').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill('Not-the-password1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Wrong Email or Password');
  await expect(page).toHaveURL('/login');
  await loginViaUi(page, credentials);
});

test('the login and signup forms show their validation messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password required')).toBeVisible();
  await page.getByRole('link', { name: 'Create an Account' }).click();
  await expect(page).toHaveURL('/signup');
  await page.getByLabel('Email address').fill('someone@');
  await page.getByLabel('Password', { exact: true }).fill('weak');
  await page.getByLabel('Confirm Password').fill('other');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Email not valid')).toBeVisible();
  await expect(page.getByText('at least 8 characters')).toBeVisible();
  await expect(page.getByText('Password not matching')).toBeVisible();
});

test('logged-out visitors are sent to /login from every guarded route', async ({ page }) => {
  for (const path of ['/', '/cart', '/checkout', '/products/1', '/admin', '/admin/orders']) {
    await page.goto(path);
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  }
  // /orders and /profile have no guard: they invite the visitor to sign in instead.
  for (const path of ['/orders', '/profile']) {
    await page.goto(path);
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toBeVisible();
  }
});

test('signed in: /login and /signup redirect home, /admin sends a shopper to /, a reload never flashes /login', async ({
  page,
  shopper,
}) => {
  expect(shopper.email).toContain('@');
  await page.goto('/login');
  await expect(page).toHaveURL('/');
  await page.goto('/signup');
  await expect(page).toHaveURL('/');
  await page.goto('/admin');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveCount(0);

  // Record every client-side URL change, then reload a guarded page.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __paths: string[] }).__paths = seen;
    for (const method of ['pushState', 'replaceState'] as const) {
      const original = history[method].bind(history);
      history[method] = (state: unknown, title: string, url?: string | URL | null) => {
        if (url) seen.push(new URL(String(url), location.href).pathname);
        original(state, title, url);
      };
    }
  });
  await page.goto('/products/2');
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  const paths = await page.evaluate(() => (window as unknown as { __paths: string[] }).__paths);
  expect(paths).not.toContain('/login');
  await expect(page).toHaveURL('/products/2');
});

test('profile: change the password by keyboard; a wrong current one changes nothing; other devices are signed out', async ({ page, browser }) => {
  const credentials = await signUpViaApi(page, { email: uniqueEmail('newpw'), password: NEW_USER_PASSWORD });
  // A second device, signed in as the same shopper.
  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  expect((await phonePage.request.post('/api/auth/login', { data: credentials })).status()).toBe(200);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Change password' });
  await expectAccessibleAtAllWidths(page, () => expect(section.getByRole('button', { name: 'Change password' })).toBeVisible());

  // The browser's own checks first: empty fields and a weak new password, nothing sent.
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('Current password required')).toBeVisible();
  await expect(section.getByText('New password required')).toBeVisible();

  // A wrong current password: the server's message under the field; what was typed stays.
  await section.getByLabel('Current password').fill('Wrong-password1');
  await section.getByLabel('New password', { exact: true }).fill('Changed123');
  await section.getByLabel('Confirm new password').fill('Changed123');
  await section.getByLabel('Confirm new password').press('Enter');
  await expect(section.getByText('Current password is not correct')).toBeVisible();
  await expect(section.getByLabel('New password', { exact: true })).toHaveValue('Changed123');
  expect((await phonePage.request.get('/api/auth/check')).status()).toBe(200);

  // The right one, by keyboard.
  await section.getByLabel('Current password').fill(credentials.password);
  await section.getByLabel('Current password').press('Enter');
  await expect(page.getByText('Password changed. Your other devices are signed out.')).toBeVisible();
  await expect(section.getByLabel('Current password')).toHaveValue('');
  expect((await page.request.get('/api/auth/check')).status()).toBe(200);
  expect((await phonePage.request.get('/api/auth/check')).status()).toBe(401);
  expect((await phonePage.request.post('/api/auth/login', { data: credentials })).status()).toBe(401);
  expect((await phonePage.request.post('/api/auth/login', { data: { email: credentials.email, password: 'Changed123' } })).status()).toBe(200);
  await phone.close();
});

test('sign-out ends the session on the server and returns to /login', async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const cookies = await page.context().cookies();
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  // A copy of the old cookie no longer works.
  await page.context().addCookies(cookies);
  expect((await page.request.get('/api/auth/check')).status()).toBe(401);
});

test('profile: name or New User, then add, edit and remove an address', async ({ page, shopper }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'New User' })).toBeVisible();
  await expect(page.locator('#main-content').getByText(shopper.email)).toBeVisible();
  await expect(page.getByText(/role :/)).toHaveCount(0);
  await expect(page.getByText('You have no saved addresses.')).toBeVisible();

  await page.getByRole('button', { name: 'Add New Address' }).click();
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Name is Required')).toBeVisible();
  await expect(page.getByText('Pin Code is Required')).toBeVisible();
  await fillAddress(page);
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText('Address added')).toBeVisible();
  await expect(page.getByText(SAMPLE_ADDRESS.street)).toBeVisible();

  await page.getByRole('button', { name: 'Edit address 1' }).click();
  await expect(page.getByLabel('City')).toHaveValue(SAMPLE_ADDRESS.city);
  await page.getByLabel('City').fill('Ottawa');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByText(`Ottawa, ${SAMPLE_ADDRESS.state}, ${SAMPLE_ADDRESS.country} ${SAMPLE_ADDRESS.pincode}`)).toBeVisible();

  // Survives a reload: it is stored on the server.
  await page.reload();
  await expect(page.getByText(`Ottawa, ${SAMPLE_ADDRESS.state}`)).toBeVisible();

  // By keyboard, the focus follows the form: into it, then back to the button that opened it.
  await page.getByRole('button', { name: 'Edit address 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Full Name')).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Edit address 1' })).toBeFocused();

  // The alert mail switch keeps the focus while it saves; two-factor's setup takes it and gives it back.
  const alertsSwitch = page.getByRole('switch', { name: 'Email me about price drops and items back in stock' });
  await alertsSwitch.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Alert emails turned off')).toBeVisible();
  await expect(alertsSwitch).toBeFocused();
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^1\. Scan this QR code/)).toBeFocused();
  await page.getByRole('region', { name: 'Two-factor sign-in' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeFocused();

  await page.getByRole('button', { name: 'Remove address 1' }).click();
  await expect(page.getByText('Address removed')).toBeVisible();
  await expect(page.getByText('You have no saved addresses.')).toBeVisible();
});

test('forgot password answers the same whether or not the address has an account, and links back to login', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  // An address without an account (tests/e2e/mail-reset.spec.ts follows the mail of one that has).
  await page.getByLabel('Email address').fill('someone@example.com');
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByRole('status')).toHaveText('If an account exists for that address, we have sent a link to reset the password.');
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL('/login');
});

test('the 404 page and the footer pages', async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText("Sorry, we couldn't find the page you're looking for.")).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Careers' }).click();
  await expect(page).toHaveURL('/careers');
  await expect(page.getByRole('heading', { level: 1, name: 'Careers' })).toBeVisible();
});
