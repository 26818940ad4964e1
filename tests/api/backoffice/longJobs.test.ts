// The back office's long jobs do not hold the database from their first write to their last. A
// big product import writes its new products a batch at a time, each batch a transaction of its
// own, and a shopper's read asked while the first batch is written is answered before the
// import's last transaction begins (on the embedded driver, one connection, it waits for a batch,
// not for the import); the same for a bulk status change of many orders, one transaction each.
// Order of events only, never milliseconds. And the import stays all or nothing: a bad row writes
// nothing at all, a failure after some batches leaves none of them, and an import whose process
// stopped mid-way is undone by the sweep a restart runs.
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../../server/db/port';
import { IMPORT_BATCH } from '../../../server/modules/catalogue/importJobs';
import { ACCOUNTS, agent, engineApp, stateAccess, type Agent } from '../fixtures';
import { exportCsv } from './csvDownload';

// Ten batches: the read asked in the first has turns of the event loop enough to reach the database.
const ROWS = 10 * IMPORT_BATCH + 10;

type Work = (tx: Tx) => Promise<unknown>;
type Transaction = (work: Work) => Promise<unknown>;

/** A shop whose store's transactions go through `around` (the n-th transaction, from 1, and the real one). */
async function shopWith(around: (n: number, work: Work, real: Transaction) => Promise<unknown>) {
  const { app, store, services } = engineApp();
  const admin = agent(app);
  await admin.post('/api/auth/login').send({ email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password }).expect(200);
  const real: Transaction = store.transaction.bind(store) as Transaction;
  let n = 0;
  let watching = false;
  (store as { transaction: Transaction }).transaction = (work) => (watching ? around(++n, work, real) : real(work));
  return { app, admin, services, ...stateAccess(store), watch: () => (watching = true), count: () => n };
}

/** A shop whose first watched transaction asks for a shopper's `path`: the events in their order, and the read. */
async function shopReadingDuringFirst(path: string) {
  const events: string[] = [];
  let read: Promise<unknown> = Promise.resolve();
  const shop = await shopWith((n, work, real) =>
    real(async (tx) => {
      events.push(`transaction ${n}`);
      // Asked while the first transaction holds the (embedded) database.
      if (n === 1) read = agent(shop.app).get(path).then((res) => events.push(`read ${res.status}`));
      return work(tx);
    }),
  );
  return { shop, events, read: () => read };
}

/** The export's header and `rows` new products (copies of product 3 with titles of their own, no SKU), the last one's title `last`. */
async function importFile(admin: Agent, rows: number, last?: string): Promise<string> {
  const [header, ...lines] = (await exportCsv(admin)).split('\n');
  const three = lines.find((l) => l.startsWith('3,MacBook Air,'))!.replace(',SKU-3,', ',,');
  const titles = Array.from({ length: rows }, (_, i) => (i === rows - 1 && last !== undefined ? last : `Batch item ${i + 1}`));
  return [header, ...titles.map((title) => three.replace(/^3,MacBook Air,/, `,${title},`))].join('\n');
}

describe('a big product import, a batch at a time', () => {
  it("answers a shopper's read asked during its first batch before its last transaction begins", async () => {
    const { shop, events, read } = await shopReadingDuringFirst('/api/products/1');
    const csv = await importFile(shop.admin, ROWS);
    shop.watch();
    const res = await shop.admin.post('/api/admin/import/products').send({ csv, dryRun: false });
    events.push('import answered');
    await read();
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.created).toHaveLength(ROWS);
    // One transaction per batch of new products, then the last one (audit entries, the import done).
    const batches = Math.ceil(ROWS / IMPORT_BATCH);
    expect(shop.count()).toBe(batches + 1);
    const last = events.indexOf(`transaction ${batches + 1}`);
    expect(events.indexOf('read 200')).toBeGreaterThan(-1);
    expect(events.indexOf('read 200'), events.join(', ')).toBeLessThan(last);
  });

  it("answers a shopper's read asked during a bulk status change's first order before its last order", async () => {
    const { shop, events, read } = await shopReadingDuringFirst('/api/products?_page=1&_limit=2');
    // 20 more pending cash orders, copies of order 1.
    await shop.update((data) => {
      for (let id = 13; id <= 32; id++) data.orders.push({ ...structuredClone(data.orders[0]), id, status: 'pending' });
    });
    const ids = Array.from({ length: 20 }, (_, i) => 13 + i);
    shop.watch();
    const res = await shop.admin.patch('/api/orders').send({ ids, status: 'dispatched' });
    await read();
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.map((r: { status: number }) => r.status)).toEqual(ids.map(() => 200));
    expect(shop.count()).toBe(ids.length);
    expect(events.indexOf('read 200'), events.join(', ')).toBeGreaterThan(-1);
    expect(events.indexOf('read 200'), events.join(', ')).toBeLessThan(events.indexOf(`transaction ${ids.length}`));
  });

  it('writes nothing, not even a first batch, when its last row is bad', async () => {
    const shop = await shopWith((_n, work, real) => real(work));
    const csv = await importFile(shop.admin, ROWS, '');
    const before = await shop.state();
    shop.watch();
    const res = await shop.admin.post('/api/admin/import/products').send({ csv, dryRun: false }).expect(400);
    expect(Object.keys(res.body.errors)).toEqual([`row ${ROWS + 1}.title`]);
    expect(shop.count()).toBe(0);
    const after = await shop.state();
    expect(after.products).toEqual(before.products);
    expect(after.audit).toEqual(before.audit);
  });

  it('keeps none of its batches when a later one fails', async () => {
    const shop = await shopWith((n, work, real) => (n === 3 ? Promise.reject(new Error('the database went away')) : real(work)));
    const csv = await importFile(shop.admin, ROWS);
    const before = await shop.state();
    shop.watch();
    await shop.admin.post('/api/admin/import/products').send({ csv, dryRun: false }).expect(500);
    const after = await shop.state();
    expect(after.products).toEqual(before.products);
    expect(after.audit).toEqual(before.audit);
  });

  it('is undone by the sweep when its process stopped mid-way', async () => {
    let stopped: () => void = () => {};
    const reached = new Promise<void>((resolve) => (stopped = resolve));
    // The third transaction never begins: the process "stopped" after two batches.
    const shop = await shopWith((n, work, real) => (n === 3 ? (stopped(), new Promise(() => {})) : real(work)));
    const csv = await importFile(shop.admin, ROWS);
    const before = await shop.state();
    shop.watch();
    void shop.admin.post('/api/admin/import/products').send({ csv, dryRun: false }).then(() => {});
    await reached;
    // What the two batches wrote is there until the sweep (a restart runs it before serving anyone).
    expect((await shop.state()).products).toHaveLength(before.products.length + 2 * IMPORT_BATCH);
    expect(await shop.services.catalogue.sweepImports(0)).toBe(1);
    const after = await shop.state();
    expect(after.products).toEqual(before.products);
    expect(after.audit).toEqual(before.audit);
    expect(await shop.services.catalogue.sweepImports(0)).toBe(0);
  });
});
