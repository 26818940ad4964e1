// The outbox (PgStore delegates here). A message is a row written in the
// transaction of the change that causes it (insertMail); the worker (server/modules/mail/worker.ts) claims
// due rows with FOR UPDATE SKIP LOCKED and a lease (next_attempt_at moved on, lease_owner its
// token), and for each one checks and renews the lease before the send, renews it while the send
// lasts and marks the outcome only while the row is still its claim. A worker that dies between
// claiming and marking leaves the row pending: it is due again when the lease ends (the one case
// where a message may go out twice: sent, not yet marked; its Message-ID is the same both times).
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { MailBacklog, OutboxMessage, OutgoingMail, Page } from '../../../db/port';
import { isId } from '../../../db/rows';
import type { Database, OutboxTable } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export function messageFromRow(r: Selectable<OutboxTable>): OutboxMessage {
  const message: OutboxMessage = {
    id: r.id,
    to: r.to,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    createdAt: r.created_at.toISOString(),
    text: r.text,
    nextAttemptAt: r.next_attempt_at.toISOString(),
  };
  if (r.sent_at) message.sentAt = r.sent_at.toISOString();
  if (r.html !== null) message.html = r.html;
  if (r.last_error !== null) message.lastError = r.last_error;
  return message;
}

/** Where a new message starts: due at once, or held while no mail server is configured. */
export type NewMailStatus = 'pending' | 'held';

/** Puts a message in the outbox, due at once (call inside the transaction of its cause). */
export async function insertMail(db: Db, mail: OutgoingMail, at: number, status: NewMailStatus = 'pending'): Promise<OutboxMessage> {
  const row = await db
    .insertInto('outbox')
    .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, status, created_at: new Date(at), next_attempt_at: new Date(at) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return messageFromRow(row);
}

export async function listMail(db: Db, { slice }: { slice?: { start: number; end: number } }): Promise<Page<OutboxMessage>> {
  const total = Number((await db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  let query = db.selectFrom('outbox').selectAll().orderBy('id', 'desc');
  if (slice) query = query.offset(Math.max(0, slice.start)).limit(Math.max(0, slice.end - Math.max(0, slice.start)));
  const rows = slice && slice.end <= slice.start ? [] : await query.execute();
  return { items: rows.map(messageFromRow), total };
}

export async function resendMail(db: Kysely<Database>, id: number, at: number, status: NewMailStatus = 'pending'): Promise<OutboxMessage | undefined> {
  if (!isId(id)) return undefined;
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return insertMail(trx, { to: row.to, subject: row.subject, text: row.text, ...(row.html === null ? {} : { html: row.html }) }, at, status);
  });
}

/**
 * Claims due messages for `owner` (a token of the claiming worker's round): the lease, until
 * `now + leaseMs`, is next_attempt_at, so a claimed row is not due meanwhile; lease_owner names
 * the claim. The attempt is counted when the send starts (beginMailAttempt), not here.
 */
export async function claimMail(db: Db, now: number, limit: number, leaseMs: number, owner: string): Promise<OutboxMessage[]> {
  const { rows } = await sql<Selectable<OutboxTable>>`
    UPDATE outbox SET next_attempt_at = ${new Date(now + leaseMs)}, lease_owner = ${owner}
    WHERE id IN (
      SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= ${new Date(now)}
      ORDER BY next_attempt_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING *`.execute(db);
  return rows.map(messageFromRow).sort((a, b) => a.id - b.id);
}

/** The row while `owner`'s lease on it holds: still pending, still its claim, not run out at `now`. */
const held = (db: Db, id: number, owner: string, now: number) =>
  db
    .updateTable('outbox')
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('lease_owner', '=', owner)
    .where('next_attempt_at', '>', new Date(now));

/** Starts a send: renews the lease to `now + leaseMs` and counts the attempt; the attempts so far, or undefined when the lease is no longer held. */
export async function beginMailAttempt(db: Db, id: number, owner: string, now: number, leaseMs: number): Promise<number | undefined> {
  const row = await held(db, id, owner, now)
    .set((eb) => ({ next_attempt_at: new Date(now + leaseMs), attempts: eb('attempts', '+', 1) }))
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts;
}

/** Moves the lease's end on to `now + leaseMs` while a send lasts; false when it is no longer held. */
export async function renewMailLease(db: Db, id: number, owner: string, now: number, leaseMs: number): Promise<boolean> {
  const row = await held(db, id, owner, now).set({ next_attempt_at: new Date(now + leaseMs) }).returning('id').executeTakeFirst();
  return row !== undefined;
}

/**
 * The outcome of a send is written only while the row is still `owner`'s claim: a lease that ran
 * out unclaimed still counts (the message went, nobody else has it); one another worker claimed
 * does not (false: that worker decides).
 */
const owned = (db: Db, id: number, owner: string) =>
  db.updateTable('outbox').where('id', '=', id).where('status', '=', 'pending').where('lease_owner', '=', owner);

export async function markMailSent(db: Db, id: number, owner: string, at: number): Promise<boolean> {
  const row = await owned(db, id, owner).set({ status: 'sent', sent_at: new Date(at), last_error: null, lease_owner: null }).returning('id').executeTakeFirst();
  return row !== undefined;
}

export async function markMailFailed(db: Db, id: number, owner: string, error: string, retryAt?: number): Promise<boolean> {
  const set = retryAt === undefined ? { status: 'failed' as const, last_error: error } : { last_error: error, next_attempt_at: new Date(retryAt) };
  const row = await owned(db, id, owner).set({ ...set, lease_owner: null }).returning('id').executeTakeFirst();
  return row !== undefined;
}

/**
 * Without a mail server, what waits to be sent is held (`held` true: pending -> held); with one,
 * what was held is due at `now` (held -> pending). The number of messages moved.
 */
export async function holdMail(db: Db, held: boolean, now: number): Promise<number> {
  const rows = held
    ? await db.updateTable('outbox').set({ status: 'held', lease_owner: null }).where('status', '=', 'pending').returning('id').execute()
    : await db.updateTable('outbox').set({ status: 'pending', next_attempt_at: new Date(now) }).where('status', '=', 'held').returning('id').execute();
  return rows.length;
}

/** The pending messages' count and the oldest one's creation (read at each scrape of the metrics). */
export async function mailBacklog(db: Db): Promise<MailBacklog> {
  const row = await db
    .selectFrom('outbox')
    .where('status', '=', 'pending')
    .select((eb) => [eb.fn.countAll<number>().as('pending'), eb.fn.min('created_at').as('oldest')])
    .executeTakeFirstOrThrow();
  const oldest = row.oldest as Date | null;
  return { pending: Number(row.pending), ...(oldest ? { oldestCreatedAt: oldest.toISOString() } : {}) };
}
