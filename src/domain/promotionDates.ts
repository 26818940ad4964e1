/**
 * Where an instant `at` stands in a promotion's dates (ms; null: open): before its start, from its
 * end (the end is not included), or within them. The one rule pricing applies and the back office
 * shows (Scheduled / Ended / Active).
 */
export function promotionPhase(startsAt: number | null, endsAt: number | null, at: number): 'scheduled' | 'ended' | 'running' {
  if (startsAt !== null && at < startsAt) return 'scheduled';
  if (endsAt !== null && at >= endsAt) return 'ended';
  return 'running';
}
