// The back office's Emails page in Chromium against the built app and the real server,
// on both drivers: a shopper's order puts its confirmation in the outbox, the worker delivers it to
// the e2e SMTP catcher (tests/e2e/mailbox.ts); an admin opens Emails from the navbar, previews the
// message with the keyboard (HTML in a sandboxed frame, the text part), sends it again (a second
// copy arrives), and axe finds nothing at desktop and 360 px.
import type { Page } from '@playwright/test';
import { formatMoney } from '../../src/domain/checkout';
import { DEMO_ADMIN, adminRequest, createProduct, expect, expectAccessibleAtAllWidths, loginViaUi, orderViaApi, signUpViaApi, test, uniqueEmail } from './fixtures';
import type { EmailMessage } from '../../src/domain/mail';
import { mailTo } from './mailbox';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('an admin previews an order confirmation on the Emails page and sends it again', async ({ page, browser, request }) => {
  // A new shopper orders (their own context): the confirmation goes to their address.
  const admin = await adminRequest(request);
  const product = await createProduct(admin, { stock: 10, price: 40 });
  const email = uniqueEmail('mail');
  const context = await browser.newContext();
  const shopper = await context.newPage();
  await signUpViaApi(shopper, { email, password: 'Shopper123' });
  const orderId = await orderViaApi(shopper, [{ product: product.id, quantity: 2 }]);
  // What the order was charged (the shop adds shipping and tax): the mail says the same.
  const charged: number = (await (await shopper.request.get(`/api/orders/${orderId}`)).json()).totals.total;
  await context.close();
  const subject = `Order #${orderId} confirmed`;
  // Sign-up sent the confirmation of the address too (before the order): the order's mail is the one here.
  const orderMail = () => mailTo(email).filter((m) => m.subject !== 'Confirm your email address').map((m) => m.subject);
  await expect.poll(orderMail, { timeout: 30_000 }).toEqual([subject]);
  // Marked sent once the SMTP server took it.
  const status = async () => ((await (await admin.get('/api/admin/emails')).json()) as EmailMessage[]).find((m) => m.to === email && m.subject === subject)?.status;
  await expect.poll(status, { timeout: 30_000 }).toBe('sent');

  await loginViaUi(page, DEMO_ADMIN);
  await nav(page).getByRole('link', { name: 'Emails' }).click();
  await expect(page).toHaveURL(/\/admin\/emails$/);
  await expect(page).toHaveTitle('Admin: Emails | Best Buy Shop');
  const row = page.getByRole('row').filter({ hasText: email }).filter({ hasText: subject });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').nth(1)).toHaveText('Sent');

  // Keyboard: focus the subject's button and press Enter; the preview's heading takes the focus.
  const choose = row.getByRole('button', { name: `${subject} (preview)` });
  await choose.focus();
  await page.keyboard.press('Enter');
  await expect(choose).toHaveAttribute('aria-pressed', 'true');
  const preview = page.getByRole('region', { name: subject });
  await expect(preview.getByRole('heading', { name: subject, level: 2 })).toBeFocused();
  await expect(preview.getByRole('region', { name: `Plain text of “${subject}”` })).toContainText(`Thank you for your order #${orderId}.`);
  await expect(preview.getByRole('region', { name: `Plain text of “${subject}”` })).toContainText(`Total: ${formatMoney(charged)}`);
  const frame = preview.locator(`iframe[title="HTML of “${subject}”"]`);
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator(`iframe[title="HTML of “${subject}”"]`).getByText(`Thank you for your order #${orderId}.`)).toBeVisible();

  // The frame shows the mail's own HTML, not the app's: axe cannot run inside a frame whose scripts
  // the sandbox disables (it would wait for ever), so the frame is left out; its title is checked above.
  await expectAccessibleAtAllWidths(page, () => expect(preview.getByRole('heading', { level: 2 })).toBeVisible(), { exclude: ['iframe[sandbox]'] });

  // Send again: the app says so, the copy heads the list, and a second message arrives.
  await preview.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText(`A copy of “${subject}” is on its way to ${email}.`)).toBeVisible();
  await expect(row).toHaveCount(2);
  await expect.poll(orderMail, { timeout: 30_000 }).toEqual([subject, subject]);
  await expect(page.getByRole('row').filter({ hasText: email }).first().getByRole('button')).toHaveText(`${subject} (preview)`);
});

test('a shopper is kept out of the Emails page and its API', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/admin/emails');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Emails' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/emails')).status()).toBe(403);
});
