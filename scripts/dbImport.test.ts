// npm run db:import: a json shop moves to PostgreSQL with everything, or nothing when it cannot.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DbSchema } from '../server/model';
import { readDataFile } from '../server/store/json/dataFile';
import { openDatabase } from '../server/store/postgres/connect';
import { readSnapshot } from '../server/store/postgres/load';
import { makeData } from '../tests/api/fixtures';
import { testDatabase } from '../tests/pg/database';
import { importData } from './dbImport';

const dir = mkdtempSync(path.join(tmpdir(), 'shop-import-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
  rmSync(dir, { recursive: true, force: true });
});

async function stored(url: string): Promise<DbSchema> {
  const db = openDatabase(url, { max: 1 });
  try {
    return await readSnapshot(db);
  } finally {
    await db.destroy();
  }
}

function dataFile(data: DbSchema): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(data));
  return file;
}

describe('db:import', () => {
  it('moves every record of a data file, ids and hashes included, and refuses to overwrite a shop unless told to', async () => {
    const { url, drop } = await testDatabase();
    cleanups.push(drop);
    const data = makeData();
    data.sessions.push({ id: 'a'.repeat(64), user: 2, createdAt: '2026-06-01T00:00:00.000Z', expiresAt: Date.UTC(2026, 6, 1) });
    data.idempotency.push({ id: '2 key-1', user: 2, order: 1, createdAt: Date.UTC(2026, 5, 1) });
    const file = dataFile(data);
    expect(await importData(url, readDataFile(file))).toEqual({ users: 3, products: 5, orders: 12 });
    expect(await stored(url)).toEqual(data);

    const changed = { ...makeData(), products: makeData().products.slice(0, 2) };
    await expect(importData(url, changed)).rejects.toThrow(/already holds a shop; add --replace/);
    expect((await stored(url)).products).toHaveLength(5);
    await importData(url, changed, { replace: true });
    expect((await stored(url)).products).toHaveLength(2);
  });

  it('a record the typed columns cannot hold stops the import with nothing changed', async () => {
    const { url, drop } = await testDatabase();
    cleanups.push(drop);
    await importData(url, makeData());
    const broken = makeData();
    (broken.products[3] as unknown as Record<string, unknown>).price = 'twelve';
    await expect(importData(url, broken, { replace: true })).rejects.toThrow(/double precision|invalid input/);
    expect(await stored(url)).toEqual(makeData());
  });
});
