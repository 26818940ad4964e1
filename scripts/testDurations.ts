// `npm run test:durations`: keeps tests/timing/durations.json, the Vitest files' times that
// tests/timing/sequencer.ts orders the next runs by, from the last `npm test` (or `vitest run`) on
// this machine. Run it after adding or splitting slow test files; the order only saves time, so a
// stale file is never wrong, only slower.
import { writeFileSync } from 'node:fs';
import { DURATIONS_FILE, knownDurations } from '../tests/timing/sequencer';
import { vitestTimes } from '../tests/timing/times';

const times = vitestTimes();
if (times.length === 0) {
  console.error('No test times recorded: run `npm test` (or `npx vitest run`) first.');
  process.exit(1);
}
// The files of this run replace their entries; the others' are kept (a run of one project).
const durations: Record<string, number> = { ...knownDurations() };
for (const t of times) durations[`${t.project}:${t.file}`] = Math.round(t.seconds * 10) / 10;
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`${DURATIONS_FILE}: ${times.length} files' times from the last run (${Object.keys(sorted).length} in all)`);
