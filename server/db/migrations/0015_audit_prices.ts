// 0015: the audit log records the prices' admin writes too: promotions, shipping
// methods and tax rates join products, orders and reviews as audited entities. One migration for
// all three, so the check is widened once.
import { sql, type Kysely } from 'kysely';

const ENTITIES = ['product', 'order', 'review', 'promotion', 'shipping', 'tax'];
const BEFORE = ['product', 'order', 'review'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function allow(db: Kysely<any>, entities: string[]): Promise<void> {
  await sql`ALTER TABLE audit DROP CONSTRAINT IF EXISTS audit_entity_check`.execute(db);
  const list = sql.join(entities.map((e) => sql.lit(e)));
  await sql`ALTER TABLE audit ADD CONSTRAINT audit_entity_check CHECK (entity IN (${list}))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await allow(db, ENTITIES);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM audit WHERE entity NOT IN (${sql.join(BEFORE.map((e) => sql.lit(e)))})`.execute(db);
  await allow(db, BEFORE);
}
