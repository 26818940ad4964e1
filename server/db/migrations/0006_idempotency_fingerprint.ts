// 0006: an Idempotency-Key means one request. The key keeps a fingerprint of the request that
// placed its order (SHA-256 of the body, server/modules/orders/service.ts); the same key with another
// body is refused. Null for keys stored before the column (they expire within a day).
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE idempotency_keys ADD COLUMN fingerprint text`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE idempotency_keys DROP COLUMN fingerprint`.execute(db);
}
