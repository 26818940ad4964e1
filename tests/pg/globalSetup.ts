// Vitest globalSetup (server projects): one throw-away PostgreSQL cluster per `vitest run`,
// shared by every test file through inject('postgres'); each file makes its own database on it
// (tests/pg/database.ts). Starting costs under a second. When it cannot start (no PostgreSQL
// installed), nothing fails here, so test files that do not use PostgreSQL still run; the ones
// that do fail with the reason (`apt-get install postgresql`).
// Its database `shop_migrated`, migrated once, is what the files' shops on it are copied from.
// Also the embedded driver's migrated image (tests/pg/embeddedShop.ts), made once while the
// cluster starts (not for a project on PostgreSQL alone): PGlite's initdb takes seconds, starting
// from an image under one.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, startCluster } from './cluster';
import { makeImage } from './embeddedImage';
import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';

/** A database on the cluster at `url` migrated to the latest schema, made once for the run: its name. */
async function migratedTemplate(url: string): Promise<string> {
  const name = 'shop_migrated';
  const db = openDatabase(await createDatabase(url, name), { max: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return name;
}

export interface ProvidedPostgres {
  /** Admin URL of the shared cluster (database `postgres`), or undefined when it did not start. */
  url?: string;
  /** Why it did not start. */
  error?: string;
  /** A database on it migrated to the latest schema, for the files' shops to copy (tests/pg/shopDatabase.ts). */
  template?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: ProvidedPostgres;
    /** A file holding the embedded driver's migrated image (PGlite dumpDataDir); empty on a project on PostgreSQL alone. */
    pgliteImage: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-pglite-image-'));
  const file = path.join(dir, 'image.tar');
  // The image and the cluster start side by side. A project on PostgreSQL alone (its env's
  // TEST_ENGINE) has no use for the image: its file is then left empty, and templateImage()
  // makes one should a file ask for it.
  const onPostgres = project.config.env?.TEST_ENGINE === 'postgres';
  const image = onPostgres
    ? Promise.resolve(writeFileSync(file, ''))
    : makeImage().then(async (blob) => writeFileSync(file, Buffer.from(await blob.arrayBuffer())));
  let stop = async () => {};
  const cluster = startCluster({ durable: false }).then(
    async (started) => {
      stop = () => started.stop();
      project.provide('postgres', { url: started.url, template: await migratedTemplate(started.url) });
    },
    (error: Error) => project.provide('postgres', { error: error.message }),
  );
  await Promise.all([image, cluster]);
  project.provide('pgliteImage', file);
  return async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
