// The operations part of the postgres adapter (../port.ts). A mixin over PgBase, like every part of PgStore.
import { sql } from 'kysely';
import { poolUseOf } from '../../../db/connect';
import type { PoolUse } from '../port';
import { pendingMigrations } from '../../../db/migrate';
import type { PgClass } from '../../../db/pgBase';

export function withOperations<T extends PgClass>(Base: T) {
  return class PgOperations extends Base {
    async ping(): Promise<void> {
      // now() keeps the embedded driver's read cache from answering it (catalogue/pg/readCache.ts).
      await sql`SELECT now()`.execute(this.db);
    }
    pendingMigrations(): Promise<string[]> {
      return pendingMigrations(this.db);
    }
    async poolUse(): Promise<PoolUse | undefined> {
      return poolUseOf(this.db);
    }
  };
}
