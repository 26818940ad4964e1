import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './tests/e2e/browser';

const port = Number(process.env.E2E_PORT ?? 4390);
const pgPort = Number(process.env.E2E_PG_PORT ?? port + 1);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
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
    // The embedded driver (the default: PostgreSQL in process, in a data folder).
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    // The same journeys on a PostgreSQL server, but for those that do not depend on the engine
    // (run what does not once): the JS budget, the API-down journey (it starts a server of its
    // own), and the journeys that check only how pages look and are operated (axe at every width,
    // the phone's first screen, the footer's pages, the harness's smoke test), which store nothing.
    {
      name: 'desktop-pg',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${pgPort}` },
      testIgnore: ['budget.spec.ts', 'reliability.spec.ts', 'smoke.spec.ts', 'storefront-a11y.spec.ts', 'product-page.spec.ts', 'shop-pages.spec.ts'],
      // The README's screenshots come from the embedded run.
      grepInvert: /screenshot of/,
    },
  ],
  webServer: {
    // Builds the app, then serves it and the API on a fresh embedded database, and on a fresh
    // PostgreSQL database (scripts/e2eServer.ts).
    command: 'npm run build && tsx scripts/e2eServer.ts',
    url: `${baseURL}/api/categories`,
    env: { PORT: String(port), DATA_DIR: '.data/e2e', E2E_PG_PORT: String(pgPort) },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    // SIGTERM, so the server stops its PostgreSQL child and cluster on the way out.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
