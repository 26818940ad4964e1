// 0043: the shop's settings (its contact details) are kept in the `settings` table under keys
// starting `shop.` (server/modules/settings), and the audit log records their changes (entity
// 'settings'). The audit's entity list is read from the constraint as it stands, so entities
// another migration added are kept.
import { sql, type Kysely } from 'kysely';
import { allowEntities, auditEntities } from './auditEntities';

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
