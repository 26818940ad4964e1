// Users, sessions, throttle counters and the shared secret: the port's account side in SQL
// (PgStore delegates here). A sign-in and the session cap of its user run one at a time whatever
// the instance (an advisory lock on the user); throttle counters lock their names, sorted.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Session, StoredUser } from '../port';
import type { ThrottleCounter } from '../../../db/port';
import { isId, withoutId } from '../../../db/rows';
import { userFromRow, userToRow } from './rows';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database>;

/** First key of the two-key advisory lock on a user's sign-ins (orders.ts uses 2). */
const SESSIONS_LOCK = 1;

export async function userById(db: Db, id: number): Promise<StoredUser | undefined> {
  if (!isId(id)) return undefined;
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && userFromRow(row);
}

export async function userByEmail(db: Db, email: string): Promise<StoredUser | undefined> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row && userFromRow(row);
}

export async function createUser(db: Db, user: Omit<StoredUser, 'id'>): Promise<StoredUser | undefined> {
  const row = withoutId(userToRow({ id: 0, ...user }));
  const created = await db
    .insertInto('users')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  return created && userFromRow(created);
}

export async function updateUser(db: Db, id: number, changes: { addresses?: StoredUser['addresses']; name?: string | null }): Promise<StoredUser | undefined> {
  if (!isId(id)) return undefined;
  const set: { addresses?: string; name?: string | null } = {};
  if (changes.addresses) set.addresses = JSON.stringify(changes.addresses);
  if (changes.name !== undefined) set.name = changes.name;
  const query =
    Object.keys(set).length === 0
      ? db.selectFrom('users').selectAll().where('id', '=', id)
      : db.updateTable('users').set(set).where('id', '=', id).returningAll();
  const row = await query.executeTakeFirst();
  return row && userFromRow(row);
}

/** Sets whether the user is a member, without end (any paid term forgotten); the user after it (undefined: no such user). */
export async function setMember(db: Db, id: number, member: boolean): Promise<StoredUser | undefined> {
  if (!isId(id)) return undefined;
  const row = await db
    .updateTable('users')
    .set({ member, member_until: null, membership_order_id: null, membership_renews: true, membership_reminded_until: null })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && userFromRow(row);
}

/** Sets whether the user gets alert mail (back in stock, price drops); the user after it (undefined: no such user). */
export async function setAlerts(db: Db, id: number, alerts: boolean): Promise<StoredUser | undefined> {
  if (!isId(id)) return undefined;
  const row = await db.updateTable('users').set({ alerts }).where('id', '=', id).returningAll().executeTakeFirst();
  return row && userFromRow(row);
}

export async function setPassword(db: Db, id: number, hash: string, keepSession?: string): Promise<boolean> {
  if (!isId(id)) return false;
  return db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable('users').set({ password: hash }).where('id', '=', id).executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return false;
    let ended = trx.deleteFrom('sessions').where('user_id', '=', id);
    if (keepSession !== undefined) ended = ended.where('id', '<>', keepSession);
    await ended.execute();
    return true;
  });
}

// --- Sessions ----------------------------------------------------------------------------------

export async function createSession(db: Db, session: Session, { now, maxPerUser }: { now: number; maxPerUser: number }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // One sign-in of a user at a time, whichever instance: the cap counts every live session.
    await sql`SELECT pg_advisory_xact_lock(${SESSIONS_LOCK}, ${session.user})`.execute(trx);
    await trx.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    const keep = Math.max(0, maxPerUser - 1);
    await trx
      .deleteFrom('sessions')
      .where('id', 'in', (eb) => eb.selectFrom('sessions').select('id').where('user_id', '=', session.user).orderBy('seq', 'desc').offset(keep))
      .execute();
    await trx
      .insertInto('sessions')
      .values({ id: session.id, user_id: session.user, created_at: session.createdAt, expires_at: session.expiresAt })
      .execute();
  });
}

export async function sessionUser(db: Db, digest: string): Promise<{ user: StoredUser; expiresAt: number } | undefined> {
  // The expiry is compared by the caller, not in SQL: the statement is then the same for every
  // request of a session, and the embedded engine answers it from memory until the next write
  // (readCache.ts).
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.expires_at as session_expires_at')
    .where('sessions.id', '=', digest)
    .executeTakeFirst();
  return row && { user: userFromRow(row), expiresAt: row.session_expires_at };
}

export async function deleteSession(db: Db, digest: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('id', '=', digest).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// --- Throttle counters -------------------------------------------------------------------------

export async function throttle(db: Db, counters: readonly ThrottleCounter[], at: number, since: number): Promise<number | undefined> {
  const sinceDate = new Date(since);
  return db.transaction().execute(async (trx) => {
    // Lock each counter (sorted: two attempts never wait on each other in a circle), so
    // attempts on several instances are counted one after the other.
    const names = [...new Set(counters.map((c) => JSON.stringify([c.bucket, c.key])))].sort();
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(name, 0)) FROM unnest(${names}::text[]) AS name`.execute(trx);
    await trx
      .deleteFrom('throttle_events')
      .where((eb) => eb.or(counters.map((c) => eb.and([eb('bucket', '=', c.bucket), eb('key', '=', c.key)]))))
      .where('at', '<=', sinceDate)
      .execute();
    let wait: number | undefined;
    for (const c of counters) {
      // The max-th newest event in the window: while it is there, the counter is full.
      const nth = await trx
        .selectFrom('throttle_events')
        .select('at')
        .where('bucket', '=', c.bucket)
        .where('key', '=', c.key)
        .where('at', '>', sinceDate)
        .orderBy('at', 'desc')
        .offset(c.max - 1)
        .limit(1)
        .executeTakeFirst();
      if (nth) wait = Math.max(wait ?? -Infinity, nth.at.getTime());
    }
    if (wait !== undefined) return wait;
    const atDate = new Date(at);
    await trx
      .insertInto('throttle_events')
      .values(counters.map((c) => ({ bucket: c.bucket, key: c.key, at: atDate })))
      .execute();
    return undefined;
  });
}

export async function forgetLastThrottleEvent(db: Db, bucket: string, key: string): Promise<void> {
  // SKIP LOCKED: two forgets at once each take their own event.
  await sql`
    DELETE FROM throttle_events WHERE ctid = (
      SELECT ctid FROM throttle_events WHERE bucket = ${bucket} AND key = ${key}
      ORDER BY at DESC LIMIT 1 FOR UPDATE SKIP LOCKED)`.execute(db);
}

export async function clearThrottle(db: Db, bucket: string, key: string): Promise<void> {
  await db.deleteFrom('throttle_events').where('bucket', '=', bucket).where('key', '=', key).execute();
}

// --- Shared settings ---------------------------------------------------------------------------

/** The cookie-signing secret of every instance on this database (made once, kept in `settings`). */
export async function sharedSecret(db: Db): Promise<string> {
  await db
    .insertInto('settings')
    .values({ key: 'session_secret', value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'session_secret').executeTakeFirstOrThrow();
  return row.value;
}
