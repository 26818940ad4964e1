// 0028: the back office manages brands and categories (add, rename, merge, delete), and the audit
// log records those writes: 'brand' and 'category' join the audited entities.
import { sql, type Kysely } from 'kysely';

const ENTITIES = ['product', 'order', 'review', 'promotion', 'shipping', 'tax', 'brand', 'category'];
const BEFORE = ['product', 'order', 'review', 'promotion', 'shipping', 'tax'];

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
  await sql`DELETE FROM audit WHERE entity IN ('brand', 'category')`.execute(db);
  await allow(db, BEFORE);
}
