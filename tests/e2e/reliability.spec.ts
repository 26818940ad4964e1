// Items 6 and 7 of docs/reliability.md in the browser, against a server of this file's own
// (server/index.ts in a child process, serving the dist/ that Playwright's webServer built, on its own
// port and a temp copy of the seed), so it can be killed and restarted without touching the other specs.
//  - A product title with <script> and an onerror <img> renders as text on every shopper page
//    it appears on: no dialog, nothing executed, and no CSP violation on the way.
//  - The server dies mid-journey: the shopper sees a clear message; the server comes back on the
//    same data folder and port, and the order completes with the cart intact.
//  - The server is down when a page first needs a lazy module (the alerts' host, the wishlist's
//    writes): the alert still shows, and once the server is back the same page works, no reload.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { startServer, type ChildServer } from '../reliability/childServer';
import { newFigures, saveFigures } from '../reliability/summary';
import { createProduct, DEMO_ADMIN, DEMO_USER, expect, loginViaUi, test } from './fixtures';

/** src/lib/apiClient.ts NETWORK_ERROR_MESSAGE (that module reads import.meta.env, so not imported). */
const NETWORK_ERROR = 'Cannot reach the shop server. Check your connection and try again.';
const TITLE = '<script>window.__xss = 1; alert("xss")</script><img src=x onerror="window.__xss = 2"> Pwned Lamp';

const figures = newFigures('Browser: script-tag title, CSP, server outage');
let dir: string;
let dataDir: string;
let server: ChildServer;
let origin: string;

test.beforeAll(async () => {
  // The server's first start on a new data folder (initdb, then the seed): up to childServer's limit.
  test.setTimeout(120_000);
  dir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-reliability-'));
  // A new data folder: the server makes it and loads db.json, as on a first start.
  dataDir = path.join(dir, 'data');
  server = await startServer({ dataDir });
  origin = `http://localhost:${server.port}`;
});

test.afterAll(async () => {
  await server?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
  saveFigures('e2e', figures);
});

/** A context on our own server; counts its API calls; records dialogs, CSP reports and XSS canaries. */
async function shopperPage(browser: import('@playwright/test').Browser) {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const dialogs: string[] = [];
  const cspConsole: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspConsole.push(message.text());
  });
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/')) figures.requests += 1;
  });
  // Init scripts are injected by the browser (not subject to the page's CSP).
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return { context, page, dialogs, cspConsole };
}

async function expectNothingRan(page: Page, dialogs: string[], cspConsole: string[], where: string) {
  figures.cases += 1;
  expect(dialogs, `${where}: a dialog opened`).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), `${where}: script ran`).toBeUndefined();
  await expect(page.locator('img[src="x"]'), `${where}: the <img> became markup`).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), `${where}: CSP violations`).toEqual([]);
  expect(cspConsole, `${where}: CSP messages in the console`).toEqual([]);
}

test('a product title with <script> renders as text on every shopper page, under the CSP', async ({ browser }) => {
  // The admin creates the product through the API.
  const admin = await playwrightRequest.newContext({ baseURL: origin });
  expect((await admin.post('/api/auth/login', { data: DEMO_ADMIN })).status()).toBe(200);
  const product = await createProduct(admin, { title: TITLE, description: `Made to test escaping: ${TITLE}`, price: 49 });
  figures.requests += 3;
  await admin.dispose();

  const { context, page, dialogs, cspConsole } = await shopperPage(browser);
  const first = await page.goto('/login');
  const csp = first!.headers()['content-security-policy'];
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
  expect(scriptSrc?.trim()).toBe("script-src 'self'");
  await loginViaUi(page, DEMO_USER);
  await expectNothingRan(page, dialogs, cspConsole, 'home');

  // The list, found by search.
  await page.getByRole('combobox', { name: 'Search products' }).fill('Pwned Lamp');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 3, name: TITLE, exact: true })).toBeVisible();
  await expectNothingRan(page, dialogs, cspConsole, 'product list');

  // The detail page, then into the cart.
  await page.getByRole('link', { name: new RegExp('Pwned Lamp') }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE, exact: true })).toBeVisible();
  await expect(page.getByText(`Made to test escaping: ${TITLE}`)).toBeVisible();
  await expect(page).toHaveTitle(new RegExp('Pwned Lamp'));
  await expectNothingRan(page, dialogs, cspConsole, 'product detail');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item added to Cart !')).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByRole('link', { name: TITLE, exact: true })).toBeVisible();
  await expectNothingRan(page, dialogs, cspConsole, 'cart');

  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('link', { name: TITLE, exact: true })).toBeVisible();
  await expectNothingRan(page, dialogs, cspConsole, 'checkout');
  await page.getByRole('radio', { name: /742 Market Street/ }).check();
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page.getByRole('heading', { name: 'Order Successfully Placed' })).toBeVisible();

  await page.getByRole('link', { name: /^View order #\d+$/ }).click();
  await expect(page.getByRole('list', { name: 'Items' }).getByText(TITLE, { exact: true })).toBeVisible();
  await expectNothingRan(page, dialogs, cspConsole, 'the order page');

  // The stored title is the same text, byte for byte.
  const stored = await (await page.request.get(`/api/products/${product.id}`)).json();
  expect(stored.title).toBe(TITLE);
  await context.close();
});

test('the server dies mid-journey: a clear message, then the order completes after a restart, cart intact', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await shopperPage(browser);
  await loginViaUi(page, DEMO_USER);
  // Start from an empty cart, whatever the test before left behind.
  for (const line of (await (await page.request.get('/api/cart')).json()) as { product: { id: number } }[]) {
    expect((await page.request.delete(`/api/cart/${line.product.id}`, { headers: { 'Content-Type': 'application/json' } })).status()).toBe(200);
  }

  // Add a product to the cart and go to checkout (all pages loaded while the server is up).
  const product = (await (await page.request.get('/api/products/3')).json()) as { id: number; title: string; minimumOrderQuantity?: number };
  // 'Add to Cart' adds the product's minimum order quantity.
  const quantity = Math.max(1, product.minimumOrderQuantity ?? 1);
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item added to Cart !')).toBeVisible();
  // The badge counts items: the minimum order quantity that was added.
  await page.getByRole('link', { name: `Cart, ${quantity} ${quantity === 1 ? 'item' : 'items'}` }).click();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('link', { name: product.title, exact: true })).toBeVisible();
  await page.getByRole('radio', { name: /742 Market Street/ }).check();

  // The server dies.
  await server.kill();
  figures.faults += 1;
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: NETWORK_ERROR }).first()).toBeVisible();
  // The client keeps what it had: the order summary still lists the product.
  await expect(page.getByRole('link', { name: product.title, exact: true })).toBeVisible();
  figures.cases += 1;

  // The server comes back on the same data folder and port; the session cookie still works and
  // the cart is still there on the server.
  server = await startServer({ dataDir, port: server.port });
  const cart = (await (await page.request.get('/api/cart')).json()) as { product: { id: number }; quantity: number }[];
  expect(cart.map((line) => [line.product.id, line.quantity])).toEqual([[product.id, quantity]]);
  figures.writesChecked += 1;

  // Same page, no reload: ordering again just works.
  await page.getByRole('button', { name: 'Order Now' }).click();
  await expect(page.getByRole('heading', { name: 'Order Successfully Placed' })).toBeVisible();
  const orderId = Number(/#(\d+)/.exec((await page.getByText(/^Order number #\d+$/).textContent()) ?? '')?.[1]);
  const orders = (await (await page.request.get('/api/orders/own')).json()) as {
    id: number;
    items: { product: { id: number }; quantity: number }[];
  }[];
  const order = orders.find((o) => o.id === orderId);
  expect(order?.items.map((i) => [i.product.id, i.quantity])).toEqual([[product.id, quantity]]);
  expect(await (await page.request.get('/api/cart')).json()).toEqual([]);
  figures.writesChecked += 1;
  figures.cases += 1;
  figures.notes.push(
    `The server was killed (SIGKILL) at checkout; "Order Now" showed "${NETWORK_ERROR}"; after a restart on the ` +
      `same data folder the cart was intact and order #${orderId} was placed from the same page without a reload.`,
  );
  await context.close();
});

test('down before the first alert and the first heart: the alert shows, and after a restart the heart works without a reload', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await shopperPage(browser);
  await loginViaUi(page, DEMO_USER);
  // A page that has fetched neither the alerts' host nor the wishlist's writes.
  await page.reload();
  const heart = page.getByRole('button', { name: /^Save .+ to wishlist$/ }).first();
  await expect(heart).toBeEnabled();
  const fetched = () => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /AlertHost|wishlistWrite/.test(n)));
  expect(await fetched()).toEqual([]);
  const name = (await heart.getAttribute('aria-label'))!;

  await server.kill();
  figures.faults += 1;
  await heart.click();
  await expect(page.getByRole('alert').filter({ hasText: NETWORK_ERROR })).toBeVisible();
  await expect(page.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
  figures.cases += 1;

  server = await startServer({ dataDir, port: server.port });
  await page.getByRole('button', { name }).click();
  await expect(page.getByText('Saved to your wishlist')).toBeVisible();
  await expect(page.getByRole('button', { name: name.replace(/^Save (.+) to wishlist$/, 'Remove $1 from wishlist') })).toHaveAttribute('aria-pressed', 'true');
  const saved = (await (await page.request.get('/api/wishlist')).json()) as { product: { title: string } }[];
  expect(saved.map((item) => item.product.title)).toEqual([name.replace(/^Save (.+) to wishlist$/, '$1')]);
  figures.writesChecked += 1;
  figures.cases += 1;
  figures.notes.push('The server was killed before the page had fetched its alerts and wishlist code: the heart showed the network message; after a restart the same page saved to the wishlist, no reload.');
  await context.close();
});
