// Shared Playwright helpers for the storefront and back-office journeys: accounts, sign-in by UI
// or API (the API sign-in shares the page's cookie jar), and the axe check.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import type { AxeResults, ElementContext } from 'axe-core';
import { SAMPLE_ADDRESS } from '../../src/test/sampleAddress';
import type { Address } from '../../src/domain/types';

export interface Credentials {
  email: string;
  password: string;
}

export const DEMO_USER: Credentials = { email: 'user@shop.test', password: 'User12345' };
export const DEMO_ADMIN: Credentials = { email: 'admin@shop.test', password: 'Admin1234' };
/** Meets the password rule: 8+ characters with an upper-case letter, a lower-case one and a digit. */
export const NEW_USER_PASSWORD = 'Shopper123';

/** The Playwright project on a PostgreSQL server (playwright.config.ts). */
export const PG_PROJECT = 'desktop-pg';

export const DESKTOP = { width: 1280, height: 900 };
/** The narrowest phone the shop supports (issue: responsive from 360 px). */
export const MOBILE = { width: 360, height: 740 };

/** A fresh address per call, so tests never share accounts or data. */
export function uniqueEmail(prefix = 'shopper'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@shop.test`;
}

/** Signs in through the login form and waits for the signed-in navbar. */
export async function loginViaUi(page: Page, credentials: Credentials = DEMO_USER): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** Signs in through POST /api/auth/login; the session cookie lands in the page's context. */
export async function loginViaApi(page: Page, credentials: Credentials = DEMO_USER): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
}

/** Creates a new shopper through POST /api/auth/signup (which also signs them in). */
export async function signUpViaApi(
  page: Page,
  credentials: Credentials = { email: uniqueEmail(), password: NEW_USER_PASSWORD },
): Promise<Credentials> {
  const response = await page.request.post('/api/auth/signup', {
    data: { ...credentials, addresses: [], role: 'user' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return credentials;
}

export const loginAsUser = (page: Page) => loginViaApi(page, DEMO_USER);
export const loginAsAdmin = (page: Page) => loginViaApi(page, DEMO_ADMIN);

/** axe-core's browser build, put into each document (and frame) that does not have it yet. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe (WCAG 2 A and AA) on the page as it is now, frames included (the top frame's axe asks each
 * frame's own). axe-core is loaded once per document and run with `axe.run`, as the Playwright
 * wrapper does in its legacy mode; the wrapper loads it again on every call and then opens a page
 * to gather the results in: about a second a call, where the check itself takes a tenth of that.
 */
async function runAxe(page: Page, exclude: string[]): Promise<AxeResults['violations']> {
  for (const frame of page.frames()) {
    // A frame that takes no script (the sandboxed mail preview) stays out, as with the wrapper.
    const loaded = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!loaded) await frame.evaluate(AXE_SOURCE).catch(() => {});
  }
  return page.evaluate(async (excluded) => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    const context: ElementContext = excluded.length > 0 ? { exclude: excluded.map((selector) => [selector]) } : document;
    return (await axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] })).violations;
  }, exclude);
}

/**
 * Fails with the list of violations when axe (WCAG 2 A and AA) finds any on the current page.
 * It first waits (up to 5 s) for the page's finite animations and transitions to end: a toast
 * fading in or out is drawn at part opacity, which axe reads as low contrast although no one
 * reads it so; once settled, a toast that stays is checked like everything else. Endless ones
 * (a spinner) are not waited for.
 */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  // What axe reads is the screen, the same on either storage driver: the journeys the PostgreSQL
  // project repeats were checked by axe on the embedded one (playwright.config.ts).
  if (base.info().project.name === PG_PROJECT) return;
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5_000 })
    .catch(() => {});
  // A toast may start to fade out while axe reads the page; with transitions off, it is read
  // either fully shown or gone (opacity 0), never halfway.
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  const violations = await runAxe(page, options.exclude ?? []);
  await still.evaluate((style) => (style as HTMLStyleElement).remove());
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Runs axe at the desktop and the mobile width, and checks that nothing makes the page scroll
 * sideways. `ready` waits for the page to be settled (e.g. a heading visible) after the resize;
 * the viewport is restored to desktop afterwards. `exclude`: as expectNoAxeViolations takes it.
 */
export async function expectAccessibleAtAllWidths(page: Page, ready: () => Promise<void>, options: { exclude?: string[] } = {}): Promise<void> {
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    await ready();
    await expectNoAxeViolations(page, options);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${page.url()} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(DESKTOP);
}

/** Signs up through the form; the new shopper lands on the home page, signed in. */
export async function signUpViaUi(page: Page, credentials: Credentials): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Email address').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByLabel('Confirm Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

export { SAMPLE_ADDRESS };

/** Fills the shared address form (checkout and profile) by its labels. */
export async function fillAddress(page: Page, address: Address = SAMPLE_ADDRESS): Promise<void> {
  await page.getByLabel('Full Name').fill(address.name);
  await page.getByLabel('Email', { exact: true }).fill(address.email);
  await page.getByLabel('Phone Number').fill(address.phoneNumber);
  await page.getByLabel('Country').selectOption(address.country);
  await page.getByLabel('Street address').fill(address.street);
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('State / Province').selectOption({ label: address.state });
  await page.getByLabel('ZIP / Pin Code').fill(address.pincode);
}

/**
 * At checkout: fills a new address, saves it and waits until it is the chosen one (until the save
 * answers, 'Order Now' asks for an address, as it should).
 */
export async function saveCheckoutAddress(page: Page, address: Address = SAMPLE_ADDRESS): Promise<void> {
  await fillAddress(page, address);
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByRole('radio', { name: new RegExp(address.name) })).toBeChecked();
}

export interface CatalogueProduct {
  id: number;
  title: string;
  price: number;
  discountPercentage: number;
  stock: number;
  brand: string;
  category: string;
  deleted?: boolean;
}

/** Products straight from the API (to pick test subjects without hard-coding the seed). */
export async function catalogue(page: Page, query = '_page=1&_limit=200'): Promise<{ items: CatalogueProduct[]; total: number }> {
  const response = await page.request.get(`/api/products?${query}`);
  expect(response.ok()).toBeTruthy();
  return { items: await response.json(), total: Number(response.headers()['x-total-count']) };
}

/** The displayed price: the price less its discount, in whole dollars, formatted as the UI does. */
export function displayPrice(product: Pick<CatalogueProduct, 'price' | 'discountPercentage'>, quantity = 1): string {
  const unit = Math.round(product.price * (1 - product.discountPercentage / 100));
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(unit * quantity);
}

/** Puts one product in the signed-in user's cart and orders it (cash) through the API; returns the order id. */
export async function placeOrderViaApi(page: Page, productId: number): Promise<number> {
  return orderViaApi(page, [{ product: productId, quantity: 1 }]);
}

/** Signs `request` (a cookie jar of its own, such as the `request` fixture) in as the demo admin. */
export async function adminRequest(request: APIRequestContext): Promise<APIRequestContext> {
  const response = await request.post('/api/auth/login', { data: DEMO_ADMIN });
  expect(response.status(), await response.text()).toBe(200);
  return request;
}

/** A new product of the test's own (so no other test's catalogue changes), made by the admin. */
export async function createProduct(
  admin: APIRequestContext,
  overrides: Partial<CatalogueProduct> & { description?: string } = {},
): Promise<CatalogueProduct> {
  const template = await (await admin.get('/api/products/2')).json();
  const created = await admin.post('/api/products', {
    data: {
      title: `E2E ${Date.now().toString(36)} ${Math.random().toString(36).slice(2, 6)}`,
      description: 'Made by a browser test.',
      price: 50,
      discountPercentage: 0,
      stock: 20,
      thumbnail: template.thumbnail,
      images: template.images,
      brand: template.brand,
      category: template.category,
      ...overrides,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return created.json();
}

/** Puts `lines` in the signed-in user's cart and orders them (cash, to `address`) through the API; returns the order id. */
export async function orderViaApi(page: Page, lines: { product: number; quantity: number; variant?: number }[], address: Address = SAMPLE_ADDRESS): Promise<number> {
  for (const line of lines) {
    // A product with options needs a variant: the first with stock enough, unless one is given.
    const product = (await (await page.request.get(`/api/products/${line.product}`)).json()) as { variants?: { id: number; stock: number }[] };
    const variant = line.variant ?? (product.variants && product.variants.length > 1 ? product.variants.find((v) => v.stock >= line.quantity)?.id : undefined);
    const added = await page.request.post('/api/cart', { data: variant === undefined ? line : { ...line, variant } });
    expect(added.status(), await added.text()).toBe(201);
  }
  const items = await (await page.request.get('/api/cart')).json();
  const me = await (await page.request.get('/api/auth/check')).json();
  const response = await page.request.post('/api/orders', {
    data: {
      items,
      user: me.id,
      totalAmount: 0,
      totalItems: 0,
      paymentMethod: 'cash',
      selectedAddress: address,
      status: 'pending',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

/** A toast (an alert or status message) saying `text`, found by its role, as a screen reader finds it. */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole('alert').or(page.getByRole('status')).filter({ has: page.getByText(text, { exact: true }) });
}

/** Waits until the toast saying `text` has fully faded in (axe judges contrast mid-fade otherwise). */
export async function expectAlert(page: Page, text: string | RegExp): Promise<void> {
  const alert = toast(page, text);
  await expect(alert).toBeVisible();
  // As displayed: its own opacity times every ancestor's, wherever the fade is applied.
  const shownOpacity = () =>
    alert.evaluate((element) => {
      let opacity = 1;
      for (let e: Element | null = element; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
      return opacity;
    });
  await expect.poll(shownOpacity).toBe(1);
}

interface Fixtures {
  /** A brand-new shopper, already signed in in this page's context. */
  shopper: Credentials;
}

export const test = base.extend<Fixtures>({
  shopper: async ({ page }, use) => {
    const credentials = await signUpViaApi(page);
    await use(credentials);
  },
});

export { expect };
