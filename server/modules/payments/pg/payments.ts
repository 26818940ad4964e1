// Payment records and the test provider's book (PgStore delegates here through store.ts).
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { NewPaymentRecord, PaymentRecord, PaymentState, ProviderOperation } from '../port';
import type { Database } from '../../../db/schema';
import type { PaymentsTable, TestProviderOperationsTable } from '../../../db/schemaShop';
import { isId } from '../../../db/rows';

type Db = Kysely<Database> | Transaction<Database>;

function recordFromRow(r: Selectable<PaymentsTable>): PaymentRecord {
  return {
    id: r.id,
    order: r.order_id,
    kind: r.kind,
    amount: r.amount,
    reference: r.reference,
    key: r.idempotency_key,
    state: r.state,
    returnId: r.return_id,
    message: r.message,
    createdAt: r.created_at.toISOString(),
  };
}

export async function addPayment(db: Db, r: NewPaymentRecord): Promise<PaymentRecord | undefined> {
  const at = new Date(r.at);
  const row = await db
    .insertInto('payments')
    .values({
      order_id: r.order,
      kind: r.kind,
      amount: r.amount,
      reference: r.reference,
      idempotency_key: r.key,
      state: r.state,
      return_id: r.returnId,
      created_at: at,
      updated_at: at,
    })
    // Only the one-pending-per-order index can refuse it (keys are fresh). Its predicate is
    // written as a literal: PostgreSQL matches a partial index to a parameter only when it plans
    // for the parameter's value, so a generic plan of this statement would find no such index.
    .onConflict((oc) => oc.expression(sql`order_id`).where('state', '=', sql.lit('pending')).doNothing())
    .returningAll()
    .executeTakeFirst();
  return row && recordFromRow(row);
}

export async function paymentsOf(db: Db, order: number): Promise<PaymentRecord[]> {
  // An id no order can have (past PostgreSQL's integer) has no payments; asking would be an error.
  if (!isId(order)) return [];
  const rows = await db.selectFrom('payments').selectAll().where('order_id', '=', order).orderBy('id').execute();
  return rows.map(recordFromRow);
}

export async function pendingPayments(db: Db, limit: number): Promise<PaymentRecord[]> {
  const rows = await db.selectFrom('payments').selectAll().where('state', '=', 'pending').orderBy('id').limit(limit).execute();
  return rows.map(recordFromRow);
}

export async function settlePayment(db: Db, id: number, state: Exclude<PaymentState, 'pending'>, message: string | null, at: number): Promise<PaymentRecord | undefined> {
  const row = await db
    .updateTable('payments')
    .set({ state, message, updated_at: new Date(at) })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
  return row && recordFromRow(row);
}

function operationFromRow(r: Selectable<TestProviderOperationsTable>): ProviderOperation {
  return {
    key: r.idempotency_key,
    kind: r.kind as ProviderOperation['kind'],
    reference: r.reference,
    amount: r.amount,
    ok: r.ok,
    message: r.message,
    brand: r.brand,
    last4: r.last4,
  };
}

export async function lockProviderReference(db: Db, reference: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`shop.testProvider:${reference}`}))`.execute(db);
}

export async function providerOperation(db: Db, key: string): Promise<ProviderOperation | undefined> {
  const row = await db.selectFrom('test_provider_operations').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
  return row && operationFromRow(row);
}

export async function providerOperations(db: Db, reference: string): Promise<ProviderOperation[]> {
  const rows = await db.selectFrom('test_provider_operations').selectAll().where('reference', '=', reference).orderBy('created_at').execute();
  return rows.map(operationFromRow);
}

export async function addProviderOperation(db: Db, op: ProviderOperation, at: number): Promise<boolean> {
  const row = await db
    .insertInto('test_provider_operations')
    .values({
      idempotency_key: op.key,
      kind: op.kind,
      reference: op.reference,
      amount: op.amount,
      ok: op.ok,
      message: op.message,
      brand: op.brand,
      last4: op.last4,
      created_at: new Date(at),
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('idempotency_key')
    .executeTakeFirst();
  return row !== undefined;
}
