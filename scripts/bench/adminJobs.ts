// The "admin job under load" case: each long back-office job (a full products export, a full
// orders export, a 10,000-row product import, a 1,000-order bulk status change) runs while one
// reader asks for the catalogue over and over, one request at a time, GET /api/products/:id and a
// page of GET /api/products?_page=… in turn; what the reader waited (p50, p95, max) and how long
// the job took. On the embedded driver the database runs in the server's process,
// one statement at a time, so a job that holds it (one long transaction, a long synchronous loop)
// shows here as the reader's wait.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { postJson, summarize, type Latency } from './api';

export interface AdminJobResult {
  job: string;
  products: number;
  /** How long the job's request took (ms), and what it answered. */
  durationMs: number;
  status: number;
  /** The reader's requests while the job ran, and their latency (ms). */
  reader: Latency & { requests: number; max: number };
}

export const IMPORT_ROWS = 10_000;
export const BULK_ORDERS = 1_000;

/**
 * IMPORT_ROWS new products as CSV, each a copy of the exported product without options whose row
 * is shortest (so the file stays within the import's 2 MB), with a title of its own.
 */
export function importFile(exported: string, rows = IMPORT_ROWS): string {
  const records: Record<string, string>[] = parse(exported, { columns: true });
  const header = Object.keys(records[0]);
  const plain = records.filter((r) => !r.option1Name).sort((a, b) => JSON.stringify(a).length - JSON.stringify(b).length)[0];
  if (!plain) throw new Error('the export has no product without options');
  const blank: Record<string, string> = { id: '', variantSku: '', description: 'Imported.', warrantyInformation: '', shippingInformation: '', returnPolicy: '' };
  // One image each: three make 10,000 rows a little more than the import's 2 MB.
  for (let n = 2; n <= 12; n++) blank[`image${n}`] = '';
  const out = Array.from({ length: rows }, (_, i) => ({ ...plain, ...blank, title: `Imported ${i + 1}` }));
  return stringify(out, { header: true, columns: header });
}

/** Runs `job` while a reader asks for `readPaths` in turn, back to back; both measured. */
async function underLoad(origin: string, readPaths: readonly string[], job: () => Promise<Response>): Promise<Omit<AdminJobResult, 'job' | 'products'>> {
  const waits: number[] = [];
  let done = false;
  const reader = (async () => {
    for (let i = 0; !done; i++) {
      const readPath = readPaths[i % readPaths.length];
      const start = performance.now();
      const res = await fetch(`${origin}${readPath}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`reader: ${readPath} answered ${res.status}`);
      waits.push(performance.now() - start);
    }
  })();
  const start = performance.now();
  const res = await job();
  await res.arrayBuffer();
  const durationMs = Math.round(performance.now() - start);
  done = true;
  await reader;
  return { durationMs, status: res.status, reader: { ...summarize(waits), requests: waits.length, max: Math.round(Math.max(0, ...waits)) } };
}

/** The three jobs, one after the other, as `admin` (a session cookie) on a shop with `products` products and at least BULK_ORDERS orders. */
export async function adminJobs(origin: string, admin: string, products: number, log: (message: string) => void): Promise<AdminJobResult[]> {
  // A product, and the pages of the list in turn (a page of the list is not the same request twice running).
  const pages = Array.from({ length: 20 }, (_, i) => `/api/products?_page=${i + 2}&_limit=12`);
  const readPaths = pages.flatMap((page) => [`/api/products/${Math.ceil(products / 2)}`, page]);
  const headers = { cookie: admin };
  const results: AdminJobResult[] = [];
  const record = (job: string, r: Omit<AdminJobResult, 'job' | 'products'>) => {
    results.push({ job, products, ...r });
    log(`${products} admin job ${job.padEnd(30)} ${r.durationMs} ms (${r.status})  reader ${r.reader.requests} requests p95 ${r.reader.p95} max ${r.reader.max} ms`);
  };
  let exported = '';
  record(
    'export all products',
    await underLoad(origin, readPaths, async () => {
      const res = await fetch(`${origin}/api/admin/export/products.csv`, { headers });
      exported = await res.clone().text();
      return res;
    }),
  );
  record('export all orders', await underLoad(origin, readPaths, () => fetch(`${origin}/api/admin/export/orders.csv`, { headers })));
  const csv = importFile(exported);
  record(`import ${IMPORT_ROWS.toLocaleString('en')} rows`, await underLoad(origin, readPaths, () => postJson(`${origin}/api/admin/import/products`, { csv, dryRun: false }, admin)));
  const list = await fetch(`${origin}/api/orders?status=pending&_page=1&_limit=${BULK_ORDERS}`, { headers });
  const ids = ((await list.json()) as { id: number }[]).map((o) => o.id);
  if (ids.length < BULK_ORDERS) log(`admin jobs: only ${ids.length} pending orders for the bulk status change`);
  record(
    `status of ${ids.length.toLocaleString('en')} orders`,
    await underLoad(origin, readPaths, () => postJson(`${origin}/api/orders`, { ids, status: 'dispatched' }, admin, 'PATCH')),
  );
  return results;
}

/** The markdown table of the results. */
export function adminJobsTable(results: readonly AdminJobResult[]): string {
  const rows = results.map((r) => `| ${r.products.toLocaleString('en')} | ${r.job} | ${r.status} | ${r.durationMs.toLocaleString('en')} | ${r.reader.requests} | ${r.reader.p50} | ${r.reader.p95} | ${r.reader.max.toLocaleString('en')} |`);
  return ['| products | job | status | job ms | reader requests | reader p50 ms | reader p95 ms | reader max ms |', '|---:|---|---:|---:|---:|---:|---:|---:|', ...rows].join('\n');
}
