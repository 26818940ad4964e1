import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './tests/e2e/browser';

const port = Number(process.env.E2E_PORT ?? 4390);
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
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    // Builds the app, then serves it and the API on a fresh data file (scripts/e2eServer.ts).
    command: 'npm run build && tsx scripts/e2eServer.ts',
    url: `${baseURL}/api/categories`,
    env: { PORT: String(port), DATA_FILE: '.data/e2e-db.json' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
  },
});
