// The cases of npm run db:import and db:export, on either driver (dbImport.test.ts: embedded,
// dbImport.server.test.ts: a PostgreSQL server; two files, so that each stays well within a test
// file's time): a shop moves in and out with everything, or nothing when it cannot; what export
// writes, import loads back unchanged, and plain json-server 0.17 serves it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import jsonServer from 'json-server';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { promotionDefaults } from '../src/domain/checkout';
import { DEFAULT_SEED_FILE } from '../server/app';
import type { DbSchema } from '../server/db/snapshot';
import type { StoreTarget } from '../server/db/open';
import { openEmbedded } from '../server/db/embedded';
import { makeData } from '../tests/api/fixtures';
import { testDatabase } from '../tests/pg/database';
import { templateImage } from '../tests/pg/embeddedShop';
import { exportData } from './dbExport';
import { importData } from './dbImport';

/** A new, empty target of a driver: a data folder under `dir`, or a database of the test cluster. */
type NewTarget = (dir: string, cleanups: (() => Promise<void>)[]) => Promise<StoreTarget>;

let folders = 0;
const DRIVERS: Record<'embedded' | 'server', NewTarget> = {
  embedded: async (dir) => {
    // A new folder as a first start leaves it (created and migrated), made from the run's migrated
    // image rather than by initdb: seconds less each.
    const dataDir = path.join(dir, `data-${++folders}`);
    const { db, release } = await openEmbedded({ dataDir, loadDataDir: await templateImage() });
    await db.destroy();
    release();
    return { dataDir };
  },
  server: async (_dir, cleanups) => {
    const { url, drop } = await testDatabase();
    cleanups.push(drop);
    return { url, max: 1 };
  },
};

/** The suite on `driver` (its folders and databases removed after it). */
export function dbImportSuite(driver: keyof typeof DRIVERS): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-import-'));
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
    rmSync(dir, { recursive: true, force: true });
  });
  const newTarget = () => DRIVERS[driver](dir, cleanups);
  describe(`db:import and db:export (${driver})`, () => {
    it('moves every record, ids and hashes included, back out unchanged, and refuses to overwrite a shop unless told to', async () => {
      const target = await newTarget();
      const data = makeData();
      data.sessions.push({ id: 'a'.repeat(64), user: 2, createdAt: '2026-06-01T00:00:00.000Z', expiresAt: Date.UTC(2026, 6, 1) });
      data.idempotency.push({ id: '2 key-1', user: 2, order: 1, createdAt: Date.UTC(2026, 5, 1) });
      expect(await importData(target, data)).toEqual({ users: 3, products: 5, orders: 12 });
      expect(await exportData(target)).toEqual(data);

      const changed = { ...makeData(), products: makeData().products.slice(0, 2) };
      await expect(importData(target, changed)).rejects.toThrow(/already holds a shop; add --replace/);
      expect((await exportData(target)).products).toHaveLength(5);
      await importData(target, changed, { replace: true });
      expect((await exportData(target)).products).toHaveLength(2);
    }, 60_000);

    it('a record the typed columns cannot hold stops the import with nothing changed', async () => {
      const target = await newTarget();
      await importData(target, makeData());
      const broken = makeData();
      (broken.products[3] as unknown as Record<string, unknown>).price = 'twelve';
      await expect(importData(target, broken, { replace: true })).rejects.toThrow(/double precision|invalid input/);
      expect(await exportData(target)).toEqual(makeData());
    }, 60_000);

    it('a file from before cancelled orders gave their promotion uses back comes in as the shop keeps them now', async () => {
      const target = await newTarget();
      const data = makeData();
      // Orders 1 (pending, user 2) and 4 (cancelled, user 3) each carried the code's use.
      expect([data.orders[0].status, data.orders[3].status]).toEqual(['pending', 'cancelled']);
      data.promotions = [{ ...promotionDefaults(), id: 1, name: 'Twice', label: 'Twice', kind: 'percentage', value: 10, code: 'TWICE', usageLimit: 2, used: 2 }];
      data.promotionRedemptions = [
        { promotion: 1, order: 1, user: 2 },
        { promotion: 1, order: 4, user: 3 },
      ];
      await importData(target, data);
      const exported = await exportData(target);
      expect(exported.promotions?.map((p) => p.used)).toEqual([1]);
      expect(exported.promotionRedemptions).toEqual([{ promotion: 1, order: 1, user: 2 }]);
    }, 60_000);

    it('the seed goes in and comes out as plain json-server serves it', async () => {
      const target = await newTarget();
      const seed = JSON.parse(readFileSync(DEFAULT_SEED_FILE, 'utf8')) as DbSchema;
      await importData(target, seed);
      const exported = await exportData(target);
      for (const name of ['products', 'categories', 'brands', 'users', 'orders'] as const) expect(exported[name]).toEqual(seed[name]);
      const served = await request(express().use(jsonServer.router(exported))).get('/products?category=laptops&_sort=price&_order=desc').expect(200);
      const expected = seed.products.filter((p) => p.category === 'laptops').sort((a, b) => b.price - a.price || a.id - b.id);
      expect(served.body.map((p: { id: number }) => p.id)).toEqual(expected.map((p) => p.id));
    }, 60_000);
  });
}
