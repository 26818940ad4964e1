// 0035: signed webhooks (server/modules/webhooks).
//  - webhook_endpoints: where the shop posts its events: the URL, the events subscribed to (a
//    jsonb list of names), the secret its signatures are made with, and whether it is active.
//  - webhook_deliveries: one row per event and endpoint, written in the transaction of the change
//    the event tells of (an outbox, as mail's), with the event's payload. The worker
//    (server/modules/webhooks/worker.ts) claims due rows with FOR UPDATE SKIP LOCKED and a lease
//    (next_attempt_at moved on, lease_owner its token), as the mail outbox's lease (0023); a
//    delivery is retried until expires_at (24 hours after it was queued), then failed.
//  - webhook_attempts: the delivery log, one row per attempt: the receiver's status (null without
//    one) and the start of its answer or the error.
//  - the audit log records the webhooks' admin writes (entity 'webhook').
import { sql, type Kysely } from 'kysely';

const ENTITIES = ['product', 'order', 'review', 'promotion', 'shipping', 'tax', 'brand', 'category'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function allowAudit(db: Kysely<any>, entities: string[]): Promise<void> {
  await sql`ALTER TABLE audit DROP CONSTRAINT IF EXISTS audit_entity_check`.execute(db);
  const list = sql.join(entities.map((e) => sql.lit(e)));
  await sql`ALTER TABLE audit ADD CONSTRAINT audit_entity_check CHECK (entity IN (${list}))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'jsonb', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    // The event's data as JSON text: sent as it was written, its keys in their order.
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status IN ('pending', 'delivered', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .execute();
  // The worker's claim: due pending deliveries, oldest first.
  await sql`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at, id) WHERE status = 'pending'`.execute(db);
  await db.schema.createIndex('webhook_deliveries_endpoint_idx').on('webhook_deliveries').column('endpoint_id').execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('delivery_id', 'integer', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer')
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  // GET /admin/webhooks/:id/deliveries: an endpoint's attempts, newest first.
  await sql`CREATE INDEX webhook_attempts_endpoint_idx ON webhook_attempts (endpoint_id, id DESC)`.execute(db);
  await db.schema.createIndex('webhook_attempts_delivery_idx').on('webhook_attempts').column('delivery_id').execute();

  await allowAudit(db, [...ENTITIES, 'webhook']);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM audit WHERE entity = 'webhook'`.execute(db);
  await allowAudit(db, ENTITIES);
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
