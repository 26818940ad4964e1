// Shops on the embedded driver (PGlite) for the API and reliability suites (tests/api/fixtures.ts
// picks the driver). Starting PGlite from nothing runs initdb (seconds), so the run's globalSetup
// makes one migrated image (tests/pg/globalSetup.ts) and each test file starts one PGlite from it
// (under a second). A shop replaces everything in that database with its data (TRUNCATE and
// INSERT: milliseconds): the file's shops take turns, and a shop used after a newer one was made
// fails loudly rather than reading the newer one's data. A test that keeps a shop while it makes
// others puts those in another slot (another database); ownEmbeddedStore gives one of its own.
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { DbSchema } from '../../server/db/snapshot';
import { openEmbedded } from '../../server/db/embedded';
import { makeImage } from './embeddedImage';
import { PgStore } from '../../server/db/pgStore';
import type { StoreAdapter } from '../../server/db/port';
import { storeMethods } from './shopDatabase';

/** The migrated image: from globalSetup, or (a file run without it) made here once. */
let image: Promise<Blob> | undefined;
export function templateImage(): Promise<Blob> {
  image ??= (async () => {
    const provided = inject('pgliteImage');
    const bytes = provided ? readFileSync(provided) : undefined;
    if (bytes && bytes.length > 0) return new Blob([bytes]);
    return makeImage();
  })();
  return image;
}

const opened: PgStore[] = [];

/**
 * Closes the file's embedded shops (tests/pg/fileHooks.ts calls it after each test file: the
 * files of a worker share this module, so it cannot register that hook itself).
 */
export async function closeFileShops(): Promise<void> {
  slots.clear();
  for (const store of opened.splice(0)) await store.close().catch(() => {});
}

/** A PgStore on a database of its own, started from the migrated image, holding `data`; closed after the file. */
export async function ownEmbeddedStore(data: DbSchema): Promise<PgStore> {
  const { db } = await openEmbedded({ loadDataDir: await templateImage() });
  const store = new PgStore(db);
  opened.push(store);
  await store.replace(data);
  return store;
}

/**
 * The file's databases by slot, opened on first use: a slot's shops take turns. Most tests use
 * one slot; a test that keeps one shop while it makes others puts those in another slot.
 */
const slots = new Map<string, { store: Promise<PgStore>; generation: number }>();

function slot(name: string): { store: Promise<PgStore>; generation: number } {
  let found = slots.get(name);
  if (!found) {
    const store = (async () => {
      const { db } = await openEmbedded({ loadDataDir: await templateImage() });
      const opened_ = new PgStore(db);
      opened.push(opened_);
      return opened_;
    })();
    found = { store, generation: 0 };
    slots.set(name, found);
  }
  return found;
}

/** A store adapter at once on `ready`, valid until the slot's next shop is made (`mine`: that shop's number). */
function guarded(name: string, ready: Promise<PgStore>, mine: number): StoreAdapter {
  const owner = slot(name);
  const store = {} as Record<string, unknown>;
  for (const method of storeMethods()) {
    store[method] = async (...args: unknown[]) => {
      if (mine !== owner.generation) {
        throw new Error(`embedded test shop ${mine} of slot '${name}' used after shop ${owner.generation} replaced it: put one of them in another slot`);
      }
      const target = (await ready) as unknown as Record<string, (...a: unknown[]) => unknown>;
      if (method === 'close') return undefined;
      return target[method](...args);
    };
  }
  return store as unknown as StoreAdapter;
}

/**
 * The database of the file's `slot` holding `data` (everything it held before replaced), as a
 * store adapter at once: each method waits for the data to be in place. Its close() leaves the
 * database open for the slot's next shop.
 */
export function embeddedShopStore(data: DbSchema, slotName = 'main'): StoreAdapter {
  return embeddedShop(data, slotName).store;
}

/**
 * embeddedShopStore, plus `again()`: another adapter on the same data (a server restart),
 * `snapshot()`: what is committed now, and `opened`: the store itself (for SQL behind the API's back).
 */
export function embeddedShop(
  data: DbSchema,
  slotName = 'main',
): { store: StoreAdapter; again(): StoreAdapter; snapshot(): Promise<DbSchema>; opened: Promise<PgStore> } {
  const owner = slot(slotName);
  const mine = ++owner.generation;
  const previous = owner.store;
  const ready = previous.then(async (store) => {
    await store.replace(data);
    return store;
  });
  owner.store = ready.catch(() => previous);
  return {
    store: guarded(slotName, ready, mine),
    again: () => guarded(slotName, ready, mine),
    snapshot: async () => (await ready).snapshot(),
    opened: ready,
  };
}
