// The embedded driver's migrated image (no vitest imports: globalSetup runs this).
import { openEmbedded } from '../../server/db/embedded';
import { migrateToLatest } from '../../server/db/migrate';

/** A fresh embedded database, migrated, as an image PGlite can start from. */
export async function makeImage(): Promise<Blob> {
  const { db, pglite } = await openEmbedded();
  try {
    await migrateToLatest(db);
    return await pglite.dumpDataDir('none');
  } finally {
    await db.destroy();
  }
}
