// 0040: staff roles. Besides shoppers ('user') and admins, an account may be catalogue,
// fulfilment or support staff (src/domain/permissions.ts), and the audit log records staff
// changes (entity 'staff'). The audit's entity list is read from the constraint as it stands, so
// entities another migration added are kept.
import { sql, type Kysely } from 'kysely';
import { allowEntities, auditEntities } from './auditEntities';

const ROLES = ['user', 'admin', 'catalogue', 'fulfilment', 'support'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function allowRoles(db: Kysely<any>, roles: string[]): Promise<void> {
  await sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN (${sql.join(roles.map((r) => sql.lit(r)))}))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await allowRoles(db, ROLES);
  const entities = await auditEntities(db);
  // No constraint at all (never the case after 0028) allows 'staff' already.
  if (entities.length > 0 && !entities.includes('staff')) await allowEntities(db, [...entities, 'staff']);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`UPDATE users SET role = 'user' WHERE role NOT IN ('user', 'admin')`.execute(db);
  await allowRoles(db, ['user', 'admin']);
  await sql`DELETE FROM audit WHERE entity = 'staff'`.execute(db);
  await allowEntities(db, (await auditEntities(db)).filter((e) => e !== 'staff'));
}
