import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './tests/e2e/browser';

const port = Number(process.env.E2E_PORT ?? 4390);
const pgPort = Number(process.env.E2E_PG_PORT ?? port + 1);
const secondPort = Number(process.env.E2E_SECOND_PORT ?? port + 2);

/**
 * The embedded journeys of the second server (project `desktop-2`): a little under half their
 * time, as `desktop-pg` follows whichever half ends first.
 */
const SECOND_HALF = [
  'storefront*.spec.ts',
  'catalogue-facets.spec.ts',
  'order-pages.spec.ts',
  'reliability.spec.ts',
  'shop-pages.spec.ts',
  'mail-verify.spec.ts',
  'reviews.spec.ts',
  'checkout-prices.spec.ts',
  'product-page.spec.ts',
  'smoke.spec.ts',
  'variants.spec.ts',
  'wishlist.spec.ts',
];
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // The two projects run side by side, each against its own server and one journey at a time
  // (a project's journeys share its server's data, so they never run concurrently).
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // `npm test` (scripts/test.ts) sets PLAYWRIGHT_JSON_OUTPUT_NAME to read each journey's time.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // As someone who asked for less motion (src/index.css): nothing waits for a fade or a slide.
    reducedMotion: 'reduce',
    // Locally a failed journey keeps its trace (every action with the page's DOM before and after
    // it; no screencast). Recording costs every journey, passed or not, a tenth of its time, and
    // CI keeps only its log: there (CI set) no trace is recorded, and a failure leaves a
    // screenshot, taken at the failure only.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--headless=new',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // The embedded driver (the default: PostgreSQL in process, in a data folder), every journey,
    // in two halves on two servers of their own so they run side by side: `desktop` the back
    // office and orders, `desktop-2` the storefront (SECOND_HALF). A new spec file joins `desktop`.
    { name: 'desktop', workers: 1, testIgnore: SECOND_HALF, use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'desktop-2',
      workers: 1,
      testMatch: SECOND_HALF,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${secondPort}` },
    },
    // A PostgreSQL server: the journeys tagged @engine, one for each path whose screens show what
    // the storage driver computed and stored (docs/testing.md lists them). The API suites run in
    // full on both drivers; the other journeys' screens are the same on either, so they run once,
    // on the embedded driver, and so does axe, which reads the screen alone (tests/e2e/fixtures.ts).
    {
      name: 'desktop-pg',
      workers: 1,
      grep: /@engine/,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${pgPort}` },
    },
  ],
  webServer: {
    // Builds the app, then serves it and the API on two fresh embedded databases and a fresh
    // PostgreSQL database (scripts/e2eServer.ts).
    // E2E_BUILT=1: dist/ is already built (npm test builds once for the budget check and this).
    command: process.env.E2E_BUILT ? 'tsx scripts/e2eServer.ts' : 'npm run build && tsx scripts/e2eServer.ts',
    url: `${baseURL}/api/categories`,
    env: { PORT: String(port), DATA_DIR: '.data/e2e', E2E_PG_PORT: String(pgPort), E2E_SECOND_PORT: String(secondPort) },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    // SIGTERM, so the server stops its PostgreSQL child and cluster on the way out.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
