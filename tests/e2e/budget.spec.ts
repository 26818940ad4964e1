// The JS budget check (scripts/checkBudget.ts) reasons over the build manifest; this proves in
// Chromium that its sets are what a shopper really fetches: a first visit to /login, then signing
// in and landing on /, fetch no script outside the counted sets, and the on-demand chunks arrive
// only with the action that needs them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { checkBudget, ON_DEMAND, WIRE_BUDGETS } from '../../scripts/checkBudget';
import { expect, MOBILE, NEW_USER_PASSWORD, test, uniqueEmail } from './fixtures';

const DIST = path.join(process.cwd(), 'dist');

test('a shopper’s first loads fetch only the scripts the budget counts', async ({ page, request }) => {
  const report = checkBudget(DIST);
  expect(report.ok).toBe(true);
  const [login, home] = report.sets;
  const counted = (set: typeof login) => new Set(set.chunks.map((c) => c.file));
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const onDemandFile = (module: string) => {
    const key = Object.keys(manifest).find((k) => k.replace(/\.[jt]sx?$/, '') === module);
    expect(key, `${module} in the manifest`).toBeDefined();
    return manifest[key!].file;
  };
  const alertHost = onDemandFile('src/components/AlertHost');
  const mobileFilters = onDemandFile('src/features/products/components/MobileFilters');
  const wishlistWrite = onDemandFile('src/features/wishlist/wishlistWrite');
  const codeStep = onDemandFile('src/features/auth/components/CodeStep');
  expect(Object.keys(ON_DEMAND)).toHaveLength(4);

  // A new shopper (created in a separate cookie jar, so the page starts signed out).
  const credentials = { email: uniqueEmail('budget'), password: NEW_USER_PASSWORD };
  expect((await request.post('/api/auth/signup', { data: { ...credentials, addresses: [], role: 'user' } })).status()).toBe(201);

  const fetched: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) fetched.push(pathname.slice(1));
  });
  // What each script cost on the wire: its encoding and its body's bytes as received.
  const wire = new Map<string, Promise<{ encoding: string | undefined; bytes: number }>>();
  page.on('response', (r) => {
    const { pathname } = new URL(r.url());
    if (!pathname.startsWith('/assets/') || !pathname.endsWith('.js')) return;
    const encoding = r.headers()['content-encoding'];
    wire.set(pathname.slice(1), r.finished().then(async () => ({ encoding, bytes: (await r.request().sizes()).responseBodySize })));
  });
  const onTheWire = async () => {
    const sizes = await Promise.all(wire.values());
    expect(sizes.map((s) => s.encoding)).toEqual(sizes.map(() => 'br'));
    return sizes.reduce((n, s) => n + s.bytes, 0);
  };
  await page.setViewportSize(MOBILE);

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched.length).toBeGreaterThan(0);
  expect(fetched.filter((f) => !counted(login).has(f))).toEqual([]);
  // Chromium accepts brotli: what it received is within the wire's budget, and is what the check counted.
  expect(await onTheWire()).toBeLessThanOrEqual(WIRE_BUDGETS.login);
  expect(await onTheWire()).toBe(login.br);

  await page.getByLabel('Email address').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByText(/Showing \d+ to \d+ of \d+ results/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched.filter((f) => !counted(home).has(f))).toEqual([]);
  expect(await onTheWire()).toBeLessThanOrEqual(WIRE_BUDGETS.home);
  expect(fetched).not.toContain(alertHost);
  expect(fetched).not.toContain(mobileFilters);
  expect(fetched).not.toContain(wishlistWrite);
  // An account without two-factor sign-in is never asked for a code.
  expect(fetched).not.toContain(codeStep);

  // Opening the Filters slide-over fetches its chunk; the first alert fetches react-alert's.
  await page.getByRole('button', { name: /^Filters/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  await expect(dialog.getByRole('heading', { name: 'Filters' })).toBeVisible();
  expect(fetched).toContain(mobileFilters);
  await dialog.getByRole('button', { name: 'Close menu' }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/products/1');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item added to Cart !')).toBeVisible();
  expect(fetched).toContain(alertHost);

  // The first heart pressed fetches the wishlist's writes.
  expect(fetched).not.toContain(wishlistWrite);
  const heart = page.getByRole('button', { name: /^Save .* to wishlist$/ }).first();
  await expect(heart).toBeEnabled();
  await heart.click();
  await expect(page.getByRole('button', { name: /^Remove .* from wishlist$/ }).first()).toBeVisible();
  expect(fetched).toContain(wishlistWrite);
});
