// Email verification end to end, on both drivers: a new shopper signs up and
// shops with a quiet reminder on every page; "Send again" (keyboard) mails a new link; the mail
// arrives at a real SMTP server (scripts/e2eServer.ts files it, tests/e2e/mailbox.ts); its link
// confirms the address and the reminder goes; the older link no longer works (the confirmed
// account is told it is confirmed already, anyone else that the link is used); the back office's
// customer list shows the account as verified.
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, expectAccessibleAtAllWidths, expectNoAxeViolations, loginViaUi, NEW_USER_PASSWORD, signUpViaUi, uniqueEmail } from './fixtures';
import { mailTo } from './mailbox';

const SUBJECT = 'Confirm your email address';
// The pages' own content; the site footer is checked by the storefront's accessibility journeys.
const AXE = { exclude: ['footer'] };
const linkIn = (text: string) => new URL(/https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(text)![0]);

test('verification: a reminder while unconfirmed, "Send again", the mail’s link confirms, the back office sees it', async ({ page, browser }) => {
  const email = uniqueEmail('verify');
  await signUpViaUi(page, { email, password: NEW_USER_PASSWORD });
  const reminder = page.getByRole('region', { name: 'Confirm your email address' });
  await expect(reminder).toContainText(`open the link we sent to ${email}`);
  await expectAccessibleAtAllWidths(page, () => expect(reminder).toBeVisible(), AXE);

  // The sign-up's mail arrives; "Send again" from the keyboard mails a second link.
  const mails = () => mailTo(email).filter((m) => m.subject === SUBJECT);
  await expect.poll(() => mails().length, { timeout: 30_000 }).toBe(1);
  const send = reminder.getByRole('button', { name: 'Send again' });
  await send.focus();
  await page.keyboard.press('Enter');
  await expect(reminder).toContainText(`We have sent a new confirmation link to ${email}.`);
  await expect.poll(() => mails().length, { timeout: 30_000 }).toBe(2);
  const [first, second] = mails().map((m) => linkIn(m.text));
  expect(second.search).not.toBe(first.search);
  expect(mails()[1].html).toContain(second.href);

  // The link points at the server's public address; open its path on the server under test.
  await page.goto(`${second.pathname}${second.search}`);
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await expect(page.getByText('Your email address is confirmed. Thank you!')).toBeVisible();
  await expectNoAxeViolations(page, AXE);
  await page.getByRole('link', { name: 'Continue shopping' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(reminder).toHaveCount(0);

  // Using one link ended the other: opened by the confirmed account it says there is nothing to
  // do; opened by anyone else the link is refused.
  await page.goto(`${first.pathname}${first.search}`);
  await expect(page.getByRole('status')).toContainText('Your email address is already confirmed.');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoAxeViolations(page, AXE);
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(`${first.pathname}${first.search}`);
  await expect(visitor.getByRole('alert')).toContainText('This confirmation link is invalid, used or expired.');
  await expectNoAxeViolations(visitor, AXE);
  await visitor.close();

  // The back office: the customer list marks the account verified.
  const admin = await context.newPage();
  await loginViaUi(admin, DEMO_ADMIN);
  await admin.goto(`/admin/customers?q=${encodeURIComponent(email)}`);
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').first()).toHaveText('Verified');
  await context.close();
});
