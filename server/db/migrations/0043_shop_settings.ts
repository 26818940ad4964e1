// 0043: the shop's settings (its contact details) are kept in the `settings` table under keys
// starting `shop.` (server/modules/settings), and the audit log records their changes (entity
// 'settings'). The audit's entity list is read from the constraint as it stands, so entities
// another migration added are kept.
import { sql, type Kysely } from 'kysely';

/** The entities the audit's constraint allows now. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function auditEntities(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`
    SELECT pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
    WHERE c.conname = 'audit_entity_check' AND c.conrelid = 'audit'::regclass`.execute(db);
  return [...(rows[0]?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function allowEntities(db: Kysely<any>, entities: string[]): Promise<void> {
  await sql`ALTER TABLE audit DROP CONSTRAINT IF EXISTS audit_entity_check`.execute(db);
  await sql`ALTER TABLE audit ADD CONSTRAINT audit_entity_check CHECK (entity IN (${sql.join(entities.map((e) => sql.lit(e)))}))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const entities = await auditEntities(db);
  if (entities.length > 0 && !entities.includes('settings')) await allowEntities(db, [...entities, 'settings']);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM audit WHERE entity = 'settings'`.execute(db);
  await sql`DELETE FROM settings WHERE key LIKE 'shop.%'`.execute(db);
  await allowEntities(db, (await auditEntities(db)).filter((e) => e !== 'settings'));
}
