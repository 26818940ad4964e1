// 0020: card payments as records, so any instance and any restart can finish them.
//  - payments: each authorization, capture, void and refund of an order's card (amount in cents),
//    with the provider's reference and the idempotency key the provider was (or will be) called
//    with, and its state: pending (the intent, committed before the provider is called),
//    succeeded or failed (the provider's answer). At most one pending row per order: a retry or
//    the sweep at start finishes it with the same key before anything else moves that order's
//    money. return_id: the return a refund gives back (null: a cancel's refund).
//  - test_provider_operations: what the offline test provider did, one row per idempotency key
//    (its answer kept, so the same key again is the same operation), shared by every instance.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payments')
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('authorization', 'capture', 'void', 'refund')`))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('reference', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state IN ('pending', 'succeeded', 'failed')`))
    .addColumn('return_id', 'integer')
    .addColumn('message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // An order's records, oldest first.
  await db.schema.createIndex('payments_order_idx').on('payments').columns(['order_id', 'id']).execute();
  // One operation under way per order; the sweep at start reads the pending ones through it.
  await sql`CREATE UNIQUE INDEX payments_pending_order_idx ON payments (order_id) WHERE state = 'pending'`.execute(db);

  await db.schema
    .createTable('test_provider_operations')
    .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('ok', 'boolean', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('brand', 'text')
    .addColumn('last4', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // A capture, void or refund sums what was done to its authorization.
  await db.schema.createIndex('test_provider_operations_reference_idx').on('test_provider_operations').column('reference').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('test_provider_operations').execute();
  await db.schema.dropTable('payments').execute();
}
