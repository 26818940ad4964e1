// A fresh clone's dashboard shows the last 90 days, in Chromium, on both
// drivers: the e2e servers start on empty databases and load db.json, whose orders are spread over
// the 90 days before the first start (server/db/seedDates.ts). The admin picks 'Last 90 days'
// and the chart's table has a row per day, with the seed's orders from its first fortnight to its
// last week, the API's figures.
import type { ShopStats } from '../../src/domain/backOffice';
import { adminRequest, expect, loginAsAdmin, test } from './fixtures';

test('a fresh install’s dashboard shows orders over the last 90 days', { tag: '@engine' }, async ({ page, request }) => {
  const admin = await adminRequest(request);
  const stats = (await (await admin.get('/api/admin/stats?days=90')).json()) as ShopStats;
  expect(stats.revenueByDay).toHaveLength(90);
  const ordersByDay = stats.revenueByDay.map((day) => day.orders);
  expect(ordersByDay.slice(0, 14).some((n) => n > 0)).toBe(true);
  expect(ordersByDay.slice(-7).some((n) => n > 0)).toBe(true);

  await loginAsAdmin(page);
  await page.goto('/admin/dashboard');
  await page.getByLabel('Period').selectOption('90');
  await expect(page).toHaveURL(/\/admin\/dashboard\?days=90$/);
  await expect(page.getByRole('img', { name: /^Revenue per day over the last 90 days: / })).toBeVisible();
  await expect(page.getByText('No orders in this period.')).toHaveCount(0);
  await page.getByText('Show the figures as a table').click();
  const rows = page.getByRole('region', { name: 'Revenue per day, as a table' }).getByRole('row');
  await expect(rows).toHaveCount(91); // the header, then a row per day, oldest first
  const shown = await rows.evaluateAll((trs) => trs.slice(1).map((tr) => Number(tr.lastElementChild!.textContent)));
  expect(shown).toEqual(ordersByDay);
});
