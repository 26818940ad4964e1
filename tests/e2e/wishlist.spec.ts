// The wishlist and back-in-stock alerts in Chromium against the built app and the
// real server, on both drivers: a new shopper hearts a product on the home page and finds it on
// /wishlist, asks "Notify me" on a sold-out size, an admin restocks that size, and the shopper's
// mail arrives at the e2e SMTP catcher (tests/e2e/mailbox.ts); axe at 360 px and desktop on
// /wishlist and on the product page with its heart.
import type { APIRequestContext } from '@playwright/test';
import type { Variant } from '../../src/domain/variants';
import { adminRequest, createProduct, expect, expectAccessibleAtAllWidths, expectAlert, test } from './fixtures';
import { mailTo } from './mailbox';

type WithVariants = { id: number; title: string; options: { name: string; values: string[] }[]; variants: Variant[] };

/** A product of the test's own in two sizes, 42 in stock and 43 sold out (no other test's catalogue changes). */
async function bootsWithSoldOutSize(admin: APIRequestContext): Promise<WithVariants> {
  const sku = `E2E-WISH-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const made = await createProduct(admin, {
    options: [{ name: 'Size', values: ['42', '43'] }],
    variants: [
      { sku: `${sku}-42`, options: { Size: '42' }, price: null, discountPercentage: null, stock: 5 },
      { sku: `${sku}-43`, options: { Size: '43' }, price: null, discountPercentage: null, stock: 0 },
    ],
  } as Parameters<typeof createProduct>[1]);
  return (await (await admin.get(`/api/products/${made.id}`)).json()) as WithVariants;
}

test('a shopper hearts a product, finds it on the wishlist, and is mailed when a sold-out size is restocked', { tag: '@engine' }, async ({ page, shopper, request }) => {
  // Two pages checked with axe at two widths, and a mail delivered through the worker.
  test.setTimeout(180_000);
  // The home page: the first card's heart, once the wishlist has answered.
  await page.goto('/');
  const heart = page.getByRole('button', { name: /^Save .+ to wishlist$/ }).first();
  await expect(heart).toBeEnabled({ timeout: 30_000 });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  const title = (await heart.getAttribute('aria-label'))!.replace(/^Save (.+) to wishlist$/, '$1');
  await heart.press('Enter');
  const saved = page.getByRole('button', { name: `Remove ${title} from wishlist` }).first();
  await expect(saved).toHaveAttribute('aria-pressed', 'true');

  // The Wishlist page lists it, and axe finds nothing at either width.
  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeVisible();
  const item = page.getByRole('list', { name: 'Saved products' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('button', { name: `Remove ${title} from wishlist` })).toBeVisible();
  await expectAccessibleAtAllWidths(page, () => expect(item).toBeVisible());

  // "Notify me" on the sold-out size of a product of this test's own.
  const admin = await adminRequest(request);
  const boots = await bootsWithSoldOutSize(admin);
  const soldOut = boots.variants.find((v) => v.options.Size === '43')!;
  await page.goto(`/products/${boots.id}?variant=${soldOut.id}`);
  await expect(page.getByRole('heading', { level: 1, name: boots.title })).toBeVisible();
  await expect(page.getByRole('button', { name: `Save ${boots.title} (Size 43) to wishlist` })).toBeEnabled();
  const notify = page.getByRole('button', { name: 'Notify me when back in stock' });
  await expectAccessibleAtAllWidths(page, () => expect(notify).toBeEnabled());
  await notify.click();
  await expect(page.getByText('We’ll email you when it’s back.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel alert' })).toBeVisible();
  await page.getByRole('button', { name: `Save ${boots.title} (Size 43) to wishlist` }).click();
  await expectAlert(page, 'Saved to your wishlist');
  await expect(page.getByRole('button', { name: `Remove ${boots.title} (Size 43) from wishlist` })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessibleAtAllWidths(page, () => expect(page.getByRole('button', { name: 'Cancel alert' })).toBeVisible());

  // The admin restocks size 43 (the product write the back office's form sends): one mail arrives.
  const current = (await (await admin.get(`/api/products/${boots.id}`)).json()) as WithVariants;
  const restocked = await admin.patch(`/api/products/${boots.id}`, {
    data: { options: current.options, variants: current.variants.map((v) => (v.id === soldOut.id ? { ...v, stock: 4 } : v)) },
  });
  expect(restocked.status(), await restocked.text()).toBe(200);
  const subject = `Back in stock: ${boots.title} (Size 43)`;
  const alertMail = () => mailTo(shopper.email).filter((m) => m.subject.startsWith('Back in stock'));
  await expect.poll(() => alertMail().map((m) => m.subject), { timeout: 30_000 }).toEqual([subject]);
  expect(alertMail()[0].text).toContain(`/products/${boots.id}?variant=${soldOut.id}`);

  // The alert is used up: the page offers it again only when the size sells out again; in stock now.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Notify me when back in stock' })).toHaveCount(0);

  // The wishlist shows the saved size with its stock.
  await page.goto('/wishlist');
  const size = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: boots.title, exact: true }) });
  await expect(size.getByText('Size 43')).toBeVisible();
  await expect(size.getByText('Only 4 left')).toBeVisible();
  await expect(size.getByRole('button', { name: `Add ${boots.title} (Size 43) to Cart` })).toBeEnabled();
});
