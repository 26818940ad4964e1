// The audit's allowed entities (the constraint audit_entity_check), for the migrations that add
// one: read from the constraint as it stands, so entities another migration added are kept.
import { sql, type Kysely } from 'kysely';

/** The entities the audit's constraint allows now. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function auditEntities(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`
    SELECT pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
    WHERE c.conname = 'audit_entity_check' AND c.conrelid = 'audit'::regclass`.execute(db);
  return [...(rows[0]?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
}

/** Makes `entities` the audit's allowed entities. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function allowEntities(db: Kysely<any>, entities: string[]): Promise<void> {
  await sql`ALTER TABLE audit DROP CONSTRAINT IF EXISTS audit_entity_check`.execute(db);
  await sql`ALTER TABLE audit ADD CONSTRAINT audit_entity_check CHECK (entity IN (${sql.join(entities.map((e) => sql.lit(e)))}))`.execute(db);
}
