// Webhook endpoints and the delivery log as the back office reads them (PgStore delegates here).
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { NewWebhookEndpoint, WebhookDelivery, WebhookEndpoint, WebhookEventType } from '../../../../src/domain/webhooks';
import type { Page, WebhookEndpointFields } from '../../../db/port';
import { isId } from '../../../db/rows';
import type { Database, WebhookEndpointsTable } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

function endpointFromRow(r: Selectable<WebhookEndpointsTable>): WebhookEndpoint {
  return { id: r.id, url: r.url, events: r.events as WebhookEventType[], active: r.active, createdAt: r.created_at.toISOString() };
}

export async function listEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  return (await db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute()).map(endpointFromRow);
}

export async function lockEndpoint(trx: Transaction<Database>, id: number): Promise<WebhookEndpoint | undefined> {
  if (!isId(id)) return undefined;
  const row = await trx.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row && endpointFromRow(row);
}

export async function insertEndpoint(trx: Transaction<Database>, fields: WebhookEndpointFields & { secret: string }, at: number): Promise<NewWebhookEndpoint> {
  const row = await trx
    .insertInto('webhook_endpoints')
    .values({ url: fields.url, events: JSON.stringify(fields.events), secret: fields.secret, active: fields.active, created_at: new Date(at) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...endpointFromRow(row), secret: row.secret };
}

export async function updateEndpoint(trx: Transaction<Database>, id: number, fields: WebhookEndpointFields): Promise<WebhookEndpoint> {
  const row = await trx
    .updateTable('webhook_endpoints')
    .set({ url: fields.url, events: JSON.stringify(fields.events), active: fields.active })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return endpointFromRow(row);
}

/** The endpoint goes with its deliveries and their log (ON DELETE CASCADE). */
export async function deleteEndpoint(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

/** Rows not claimed (a claim's lease is a next attempt in the future) whose time ran out. */
export async function expireDeliveries(trx: Transaction<Database>, endpoint: number, now: number): Promise<void> {
  await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', lease_owner: null })
    .where('endpoint_id', '=', endpoint)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', new Date(now))
    .where('next_attempt_at', '<=', new Date(now))
    .execute();
}

export async function listAttempts(db: Db, endpoint: number, { start, end }: { start: number; end: number }): Promise<Page<WebhookDelivery> | undefined> {
  if (!isId(endpoint)) return undefined;
  const found = await db.selectFrom('webhook_endpoints').select('id').where('id', '=', endpoint).executeTakeFirst();
  if (!found) return undefined;
  const { n } = await db.selectFrom('webhook_attempts').select((eb) => eb.fn.countAll<string>().as('n')).where('endpoint_id', '=', endpoint).executeTakeFirstOrThrow();
  const rows =
    end <= start
      ? []
      : await db
          .selectFrom('webhook_attempts as a')
          .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
          .select(['a.id', 'd.type', 'd.event_id', 'a.attempt', 'a.status', 'a.at', 'a.response'])
          .where('a.endpoint_id', '=', endpoint)
          .orderBy('a.id', 'desc')
          .offset(start)
          .limit(end - start)
          .execute();
  return {
    total: Number(n),
    items: rows.map((r) => ({ id: r.id, event: r.type as WebhookEventType, eventId: r.event_id, attempt: r.attempt, status: r.status, at: r.at.toISOString(), response: r.response })),
  };
}

/** A new delivery of the event attempt `attempt` of `endpoint` was made for, due at `at`. */
export async function requeueAttempt(
  trx: Transaction<Database>,
  endpoint: number,
  attempt: number,
  at: number,
  ttlMs: number,
): Promise<{ id: number; eventId: string; type: WebhookEventType } | undefined> {
  if (!isId(endpoint) || !isId(attempt)) return undefined;
  const { rows } = await sql<{ id: number; event_id: string; type: string }>`
    INSERT INTO webhook_deliveries (endpoint_id, event_id, type, data, created_at, expires_at, next_attempt_at)
    SELECT d.endpoint_id, d.event_id, d.type, d.data, d.created_at, ${new Date(at + ttlMs)}, ${new Date(at)}
    FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
    WHERE a.id = ${attempt} AND a.endpoint_id = ${endpoint}
    RETURNING id, event_id, type`.execute(trx);
  const [row] = rows;
  return row && { id: row.id, eventId: row.event_id, type: row.type as WebhookEventType };
}
