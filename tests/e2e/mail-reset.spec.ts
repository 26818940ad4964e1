// The password reset journey end to end, on both drivers: a shopper asks on
// /forgot-password, the mail arrives at a real SMTP server (scripts/e2eServer.ts files it in the
// mailbox, tests/e2e/mailbox.ts), its link opens the Reset password page, the new password is
// set, and the shopper signs in with it (the old one no longer works).
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, NEW_USER_PASSWORD, signUpViaApi, uniqueEmail } from './fixtures';
import { mailTo } from './mailbox';

const NEW_PASSWORD = 'Renewed987x';
// The pages' own content; the site footer is checked by the storefront's accessibility journeys.
const AXE = { exclude: ['footer'] };

test('forgot password: the mail’s link sets a new password, and the shopper signs in with it', async ({ page, browser }) => {
  const email = uniqueEmail('reset');
  // A new shopper, signed in elsewhere (another browser context): that session ends with the reset.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signUpViaApi(other, { email, password: NEW_USER_PASSWORD });

  await page.goto('/forgot-password');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByRole('status')).toHaveText('If an account exists for that address, we have sent a link to reset the password.');
  await expectNoAxeViolations(page, AXE);

  // The worker delivers the outbox in the background: wait for the message to arrive.
  // Sign-up mailed the address's confirmation link too: the reset mail is the one with its subject.
  const resetMails = () => mailTo(email).filter((m) => m.subject === 'Reset your password');
  await expect.poll(() => resetMails().length, { timeout: 30_000 }).toBe(1);
  const [mail] = resetMails();
  expect(mail.subject).toBe('Reset your password');
  const link = new URL(/https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text)![0]);
  expect(mail.html).toContain(link.href.replace(/&/g, '&amp;'));

  // The link points at the server's public address; open its path on the server under test.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectNoAxeViolations(page, AXE);
  await page.getByLabel('New password').fill('weak');
  await page.getByLabel('Confirm Password').fill('weak');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(/at least 8 characters/)).toBeVisible();
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password').press('Enter');

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toHaveText('Your password has been changed. Sign in with the new one.');
  expect((await other.request.get('/api/auth/check')).status()).toBe(401);

  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(NEW_USER_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Wrong Email or Password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // The link was single use. Signed in with an address not yet confirmed, the page shows the
  // reminder above it once its code has loaded, which moves the form down: wait for it, as a person
  // would see the page settle, so the button is not moved between pressing it and letting go.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('region', { name: 'Confirm your email address' })).toBeVisible();
  await page.getByLabel('New password').fill('Another123x');
  await page.getByLabel('Confirm Password').fill('Another123x');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This reset link is invalid, used or expired. Ask for a new one.')).toBeVisible();
  await elsewhere.close();
});
