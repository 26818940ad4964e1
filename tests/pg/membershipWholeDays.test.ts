// Migration 0049 on a database made before it: a paid term running moves to the end of its last
// UTC day; a reminder sent for that term stays sent for it; a membership without end stays so.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/migrate';
import type { FreshDatabase } from './cluster';
import { migratedBefore, testDatabase } from './database';

let fresh: FreshDatabase;
beforeAll(async () => {
  fresh = await testDatabase();
});
afterAll(() => fresh?.drop());

it('moves each running term to the end of its last UTC day, its reminder with it', async () => {
  const db = await migratedBefore(fresh.url, '0049_membership_whole_days');
  try {
    await sql`
      INSERT INTO users (id, email, password, role, member, member_until, membership_reminded_until) VALUES
        (1, 'reminded@example.com', 'x', 'user', true, '2027-11-30T05:55:00Z', '2027-11-30T05:55:00Z'),
        (2, 'not-yet@example.com', 'x', 'user', true, '2027-12-31T23:30:00Z', NULL),
        (3, 'earlier-term@example.com', 'x', 'user', true, '2028-01-01T00:00:00Z', '2027-01-01T00:00:00Z'),
        (4, 'free@example.com', 'x', 'user', true, NULL, NULL)`.execute(db);

    expect((await migrateToLatest(db)).map((r) => r.migrationName)).toEqual(['0049_membership_whole_days']);
    const rows = await db.selectFrom('users').select(['id', 'member_until', 'membership_reminded_until']).orderBy('id').execute();
    const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
    expect(rows.map((r) => [r.id, iso(r.member_until), iso(r.membership_reminded_until)])).toEqual([
      [1, '2027-11-30T23:59:59.999Z', '2027-11-30T23:59:59.999Z'],
      [2, '2027-12-31T23:59:59.999Z', null],
      [3, '2028-01-01T23:59:59.999Z', '2027-01-01T00:00:00.000Z'],
      [4, null, null],
    ]);
  } finally {
    await db.destroy();
  }
});
