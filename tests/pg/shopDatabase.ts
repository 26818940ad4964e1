// Shops on the postgres engine for the API and reliability suites (tests/api/fixtures.ts picks
// the engine): every shop gets a database of its own, a copy of a template migrated once per
// run (tests/pg/globalSetup.ts; per file without it), loaded with the shop's data (CREATE
// DATABASE … TEMPLATE: tens of milliseconds).
// The same data asked for again (most tests start from makeData()) is copied from a database
// that was loaded with it once, rather than loaded again.
// The store is handed out at once and opens in the background, so makeShop stays synchronous:
// each call waits for it. Every database made here is dropped when the file's tests are done
// (dropFileDatabases).
import { createHash } from 'node:crypto';
import { inject } from 'vitest';
import type { DbSchema } from '../../server/db/snapshot';
import { openDatabase } from '../../server/db/connect';
import { loadSnapshot } from '../../server/db/load';
import { migrateToLatest } from '../../server/db/migrate';
import { PgStore } from '../../server/db/pgStore';
import type { StoreAdapter } from '../../server/db/port';
import { createDatabase, databaseUrl, dropDatabase, waitForServer } from './cluster';
import { adminUrl } from './database';

let template: Promise<{ admin: string; name: string; shared?: boolean }> | undefined;
const databases: { admin: string; name: string }[] = [];
const stores: Promise<PgStore>[] = [];
let counter = 0;

const uniqueName = (kind: string) =>
  `${kind}_${process.pid}_${++counter}_${createHash('sha1').update(`${Date.now()} ${Math.random()}`).digest('hex').slice(0, 6)}`;

/** The run's migrated database (tests/pg/globalSetup.ts), on the server this file's shops are on. */
function runTemplate(admin: string): string | undefined {
  const provided = inject('postgres');
  return provided?.url === admin ? provided.template : undefined;
}

/** The migrated template database: the run's, else the file's own (made on first use). */
function templateDatabase(): Promise<{ admin: string; name: string; shared?: boolean }> {
  template ??= (async () => {
    const admin = await adminUrl();
    const shared = runTemplate(admin);
    if (shared) return { admin, name: shared, shared: true };
    await waitForServer(admin, 30_000);
    const name = uniqueName('shop_template');
    const db = openDatabase(await createDatabase(admin, name), { max: 1 });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    return { admin, name };
  })();
  return template;
}

/**
 * Closes the file's stores and drops its databases and templates (tests/pg/fileHooks.ts calls it
 * after each test file: the files of a worker share this module).
 */
export async function dropFileDatabases(): Promise<void> {
  for (const store of stores.splice(0)) await (await store.catch(() => undefined))?.close().catch(() => {});
  const tpl = await template?.catch(() => undefined);
  template = undefined;
  const templates = await Promise.all([...loaded.values()].map((t) => t.catch(() => undefined)));
  loaded.clear();
  const own = tpl && !tpl.shared ? [tpl] : [];
  for (const { admin, name } of [...databases.splice(0), ...templates.filter((t) => t !== undefined), ...own]) await dropDatabase(admin, name).catch(() => {});
}

/** A new database holding `data` (migrated, ids and sequences as in the data); its URL. */
export async function newShopDatabase(data: DbSchema): Promise<{ url: string; name: string; admin: string }> {
  const { admin, name: from } = await loadedTemplate(data);
  const name = uniqueName('shop');
  const url = databaseUrl(admin, name);
  databases.push({ admin, name });
  await createDatabase(admin, name, from);
  return { url, name, admin };
}

/** Databases holding a shop's data, by the data's digest: templates for the shops that start from it. */
const loaded = new Map<string, Promise<{ admin: string; name: string }>>();

/** The file's template database holding `data` (migrated and loaded on first use). */
function loadedTemplate(data: DbSchema): Promise<{ admin: string; name: string }> {
  const json = JSON.stringify(data);
  const digest = createHash('sha1').update(json).digest('hex');
  let template = loaded.get(digest);
  if (!template) {
    // What the data is now: the caller may change its object once this returns.
    const copy = JSON.parse(json) as DbSchema;
    template = (async () => {
      const { admin, name: from } = await templateDatabase();
      const name = uniqueName('shop_data');
      await createDatabase(admin, name, from);
      const db = openDatabase(databaseUrl(admin, name), { max: 1 });
      try {
        await loadSnapshot(db, copy);
      } finally {
        await db.destroy();
      }
      return { admin, name };
    })();
    loaded.set(digest, template);
  }
  return template;
}

/** A PgStore on a new database holding `data` (pool of `max`, 4 by default); closed after the file. */
export function openShopStore(data: DbSchema, max = 4): Promise<PgStore> {
  const store = newShopDatabase(data).then(({ url }) => new PgStore(openDatabase(url, { max, idleTimeoutMs: 1000 })));
  stores.push(store);
  return store;
}

/**
 * A store adapter at once, for createApp: each method waits for `opened` and calls it there.
 * The methods are own, writable properties, so a test may wrap one (e.g. to delay placeOrder).
 */
export function deferredStore(opened: Promise<StoreAdapter>): StoreAdapter {
  const store = {} as Record<string, unknown>;
  for (const name of storeMethods()) {
    store[name] = async (...args: unknown[]) => {
      const target = (await opened) as unknown as Record<string, (...a: unknown[]) => unknown>;
      return target[name](...args);
    };
  }
  return store as unknown as StoreAdapter;
}

/** The names of PgStore's methods (the port, the admin part, and the driver's own). */
export function storeMethods(): string[] {
  const names = new Set<string>();
  for (let proto = PgStore.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) if (name !== 'constructor') names.add(name);
  }
  return [...names];
}
