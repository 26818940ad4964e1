// Smoke test of the harness: the built app loads in Chromium, the demo user signs in through
// the API (the cookie is shared with the page), and deep links are served the app.
import { expect, test } from '@playwright/test';

test('the app loads and the demo user can sign in through the API', async ({ page }) => {
  const home = await page.goto('/');
  expect(home?.status()).toBe(200);
  await expect(page.locator('#root')).toBeAttached();

  await expect((await page.request.get('/api/auth/check')).status()).toBe(401);
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'user@shop.test', password: 'User12345' },
  });
  expect(login.status()).toBe(200);
  expect(await login.json()).toMatchObject({ email: 'user@shop.test', role: 'user' });

  const check = await page.request.get('/api/auth/check');
  expect(check.status()).toBe(200);
  const user = await check.json();
  expect(user).toMatchObject({ email: 'user@shop.test', role: 'user' });
  expect(JSON.stringify(user)).not.toMatch(/password|scrypt/);

  // The session cookie is httpOnly: the page's scripts cannot read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain('sid=');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'sid')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

  const deepLink = await page.request.get('/products/1');
  expect(deepLink.status()).toBe(200);
  expect(deepLink.headers()['content-type']).toContain('text/html');
  expect(await deepLink.text()).toContain('<div id="root">');

  const detail = await page.goto('/products/1');
  expect(detail?.status()).toBe(200);
  await expect(page.locator('#root')).toBeAttached();

  const products = await page.request.get('/api/products?_page=1&_limit=15');
  expect(products.status()).toBe(200);
  expect(Number(products.headers()['x-total-count'])).toBeGreaterThanOrEqual(100);
  expect(await products.json()).toHaveLength(15);

  await page.request.post('/api/auth/logout', { headers: { 'Content-Type': 'application/json' } });
  expect((await page.request.get('/api/auth/check')).status()).toBe(401);
});
