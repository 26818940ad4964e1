// A CSV file the back office downloads (GET /admin/export/…), read whole as text.
import { expect } from 'vitest';
import type { Agent } from '../fixtures';

/** The body of `path` as UTF-8 text, after checking it answered 200. */
export async function downloadText(agent: Agent, path: string): Promise<string> {
  const res = await agent
    .get(path)
    .buffer(true)
    .parse((r, done) => {
      let body = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => (body += chunk));
      r.on('end', () => done(null, body));
    });
  expect(res.status, String(res.body)).toBe(200);
  return res.body as string;
}

/** The product CSV, as an admin exports it. */
export const exportCsv = (admin: Agent): Promise<string> => downloadText(admin, '/api/admin/export/products.csv');

/** Order `id`'s row of the orders CSV, by column, as an admin exports it. */
export async function orderCsvRow(admin: Agent, id: number): Promise<Record<string, string>> {
  const { parse } = await import('csv-parse/sync');
  const [header, ...rows] = parse(await downloadText(admin, '/api/admin/export/orders.csv')) as string[][];
  const row = rows.find((r) => r[0] === String(id));
  expect(row, `order ${id} in the CSV`).toBeDefined();
  return Object.fromEntries(header.map((name, i) => [name, row![i]]));
}
