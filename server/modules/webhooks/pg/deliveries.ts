// The webhook outbox (PgStore delegates here). A delivery is a row written in the transaction of
// the change its event tells of (enqueue: one INSERT … SELECT over the active endpoints subscribed
// to each event, nothing when there is none). The worker (server/modules/webhooks/worker.ts)
// claims due rows with FOR UPDATE SKIP LOCKED and a lease (next_attempt_at moved on, lease_owner
// its token), checks and renews the lease before the send, and writes the outcome only while the
// row is still its claim; the attempt itself is logged either way (it was made). A worker that
// dies between claiming and finishing leaves the row pending: it is due again when the lease ends.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { WebhookEventType } from '../../../../src/domain/webhooks';
import type { AttemptOutcome, ClaimedDelivery, WebhookEvent } from '../../../db/port';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export async function enqueue(trx: Transaction<Database>, events: readonly WebhookEvent[], at: number, ttlMs: number): Promise<void> {
  if (events.length === 0) return;
  const values = sql.join(events.map((e) => sql`(${e.id}::text, ${e.type}::text, ${e.data}::text)`));
  await sql`
    INSERT INTO webhook_deliveries (endpoint_id, event_id, type, data, created_at, expires_at, next_attempt_at)
    SELECT w.id, ev.id, ev.type, ev.data, ${new Date(at)}, ${new Date(at + ttlMs)}, ${new Date(at)}
    FROM webhook_endpoints w JOIN (VALUES ${values}) AS ev (id, type, data) ON w.events ? ev.type
    WHERE w.active`.execute(trx);
}

interface ClaimedRow {
  id: number;
  endpoint_id: number;
  url: string;
  secret: string;
  event_id: string;
  type: string;
  data: string;
  created_at: Date;
  expires_at: Date;
}

export async function claim(db: Db, now: number, limit: number, leaseMs: number, owner: string): Promise<ClaimedDelivery[]> {
  const { rows } = await sql<ClaimedRow>`
    UPDATE webhook_deliveries d SET next_attempt_at = ${new Date(now + leaseMs)}, lease_owner = ${owner}
    FROM webhook_endpoints w
    WHERE w.id = d.endpoint_id AND d.id IN (
      SELECT due.id FROM webhook_deliveries due JOIN webhook_endpoints e ON e.id = due.endpoint_id
      WHERE due.status = 'pending' AND due.next_attempt_at <= ${new Date(now)} AND e.active
      ORDER BY due.next_attempt_at, due.id LIMIT ${limit} FOR UPDATE OF due SKIP LOCKED)
    RETURNING d.id, d.endpoint_id, w.url, w.secret, d.event_id, d.type, d.data, d.created_at, d.expires_at`.execute(db);
  return rows
    .map((r) => ({
      id: r.id,
      endpointId: r.endpoint_id,
      url: r.url,
      secret: r.secret,
      eventId: r.event_id,
      type: r.type as WebhookEventType,
      data: r.data,
      createdAt: r.created_at.toISOString(),
      expiresAt: r.expires_at.getTime(),
    }))
    .sort((a, b) => a.id - b.id);
}

/** Starts an attempt while `owner`'s lease holds at `now`: renewed to `now + leaseMs`, counted; the attempt's number. */
export async function beginAttempt(db: Db, id: number, owner: string, now: number, leaseMs: number): Promise<number | undefined> {
  const row = await db
    .updateTable('webhook_deliveries')
    .set((eb) => ({ next_attempt_at: new Date(now + leaseMs), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('lease_owner', '=', owner)
    .where('next_attempt_at', '>', new Date(now))
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

export async function finishAttempt(db: Kysely<Database>, id: number, owner: string, outcome: AttemptOutcome): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Nothing to log when the endpoint (and so the delivery) was deleted meanwhile.
    await sql`
      INSERT INTO webhook_attempts (delivery_id, endpoint_id, attempt, status, response, at)
      SELECT id, endpoint_id, ${outcome.attempt}, ${outcome.status}, ${outcome.response}, ${new Date(outcome.at)}
      FROM webhook_deliveries WHERE id = ${id}`.execute(trx);
    const { next } = outcome;
    const set =
      next.kind === 'delivered'
        ? { status: 'delivered' as const }
        : next.kind === 'failed'
          ? { status: 'failed' as const }
          : { next_attempt_at: new Date(next.retryAt) };
    const row = await trx
      .updateTable('webhook_deliveries')
      .set({ ...set, lease_owner: null })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('lease_owner', '=', owner)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  });
}

/** Deliveries still to be made (pending), for the metrics. */
export async function countPending(db: Db): Promise<number> {
  const row = await db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<string>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
  return Number(row.n);
}
