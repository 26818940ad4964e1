// 0049: a paid membership lasts to the end of the UTC day its term ends on, the day the profile
// and the reminder mail name ("Member until November 30, 2027 (UTC)"); it ended at the minute of
// the day its order was placed, so a member lost the members' prices partway through that day.
// Terms already running move to the end of their last day, and a reminder already sent for a term
// stays sent for it.
import { sql, type Kysely } from 'kysely';

const END_OF_DAY = (column: string) =>
  sql.raw(`(date_trunc('day', ${column} AT TIME ZONE 'UTC') + interval '1 day' - interval '1 millisecond') AT TIME ZONE 'UTC'`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE users SET
      membership_reminded_until = CASE WHEN membership_reminded_until = member_until THEN ${END_OF_DAY('member_until')} ELSE membership_reminded_until END,
      member_until = ${END_OF_DAY('member_until')}
    WHERE member_until IS NOT NULL`.execute(db);
}

// Nothing to undo: the terms' former minutes are not kept (each ended on the same day).
export async function down(): Promise<void> {}
