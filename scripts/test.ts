// `npm test`: every check, phase by phase (the single-threaded ones side by side), stopping at the
// first that fails; then how long each phase took and the slowest test files, so a note can say
// where the time went. A Vitest file over its time limit fails its phase
// (tests/timing/fileTimeGuard.ts). How the suites are organised: docs/testing.md.
//   npm test                   every phase
//   npm test -- --from=vitest  from the first phase whose name holds `vitest` on
//   npm test -- --only=lint    only the phases whose name holds `lint`
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { PLAYWRIGHT_REPORT, playwrightFiles, playwrightProjects, playwrightTimes, TIMES_DIR, vitestTimes } from '../tests/timing/times';

interface Phase {
  name: string;
  command: string;
  env?: Record<string, string>;
  /** Runs at the same time as the phase before it (both single-threaded, or nearly). */
  alongside?: boolean;
}

const PHASES: Phase[] = [
  // Single-threaded checks and the build, side by side.
  { name: 'typecheck', command: 'tsc -p tsconfig.json' },
  { name: 'lint', command: 'eslint .', alongside: true },
  // One build for the budget check and the browser journeys (playwright.config.ts serves dist/).
  { name: 'build', command: 'vite build', alongside: true },
  { name: 'budget', command: 'tsx scripts/checkBudget.ts' },
  { name: 'vitest client', command: 'vitest run --project client' },
  { name: 'vitest server', command: 'vitest run --project server' },
  { name: 'vitest server-pg', command: 'vitest run --project server-pg' },
  { name: 'playwright', command: 'playwright test', env: { PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_REPORT } },
];

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const from = arg('from');
const only = arg('only');
let phases = PHASES;
if (from) phases = phases.slice(Math.max(0, phases.findIndex((p) => p.name.includes(from))));
if (only) phases = phases.filter((p) => p.name.includes(only));
// Playwright's web server builds the app unless this run has (E2E_BUILT).
const built = phases.some((p) => p.name === 'build');

const seconds = (ms: number) => `${(ms / 1000).toFixed(0).padStart(5)} s`;

function run(phase: Phase): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(phase.command, {
      shell: true,
      stdio: 'inherit',
      env: { ...process.env, PATH: `${path.resolve('node_modules/.bin')}${path.delimiter}${process.env.PATH}`, ...(built ? { E2E_BUILT: '1' } : {}), ...phase.env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

rmSync(TIMES_DIR, { recursive: true, force: true });
const done: { name: string; ms: number; code: number }[] = [];
const started = Date.now();
let failed: string | undefined;

/** The phases in groups: a phase marked `alongside` joins the group of the one before it. */
const groups: Phase[][] = [];
for (const phase of phases) {
  if (phase.alongside && groups.length > 0) groups[groups.length - 1].push(phase);
  else groups.push([phase]);
}
for (const group of groups) {
  const codes = await Promise.all(
    group.map(async (phase) => {
      console.log(`\n=== ${phase.name}: ${phase.command}`);
      const t0 = Date.now();
      const code = await run(phase);
      done.push({ name: phase.name, ms: Date.now() - t0, code });
      if (group.length > 1) console.log(`\n=== ${phase.name}: ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
      return code;
    }),
  );
  const bad = group.find((_, i) => codes[i] !== 0);
  if (bad) {
    failed = bad.name;
    break;
  }
}

console.log('\n=== Phase times');
for (const p of done) console.log(`${seconds(p.ms)}  ${p.name}${p.code ? `  (failed, exit ${p.code})` : ''}`);
const journeys = playwrightTimes();
for (const p of playwrightProjects(journeys)) {
  console.log(`${seconds(p.span * 1000)}  playwright ${p.project}: ${p.count} journeys (their own time ${p.sum.toFixed(0)} s; projects run side by side)`);
}
console.log(`${seconds(Date.now() - started)}  npm test in all`);

const files = [...vitestTimes().map((t) => ({ ...t, project: `vitest ${t.project}` })), ...playwrightFiles(journeys)];
if (files.length > 0) {
  console.log('\n=== The 10 slowest test files');
  for (const f of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) console.log(`${seconds(f.seconds * 1000)}  ${f.file} (${f.project})`);
}
// The closing line: every test and journey this run ran.
const vitest = vitestTimes();
const passed = vitest.reduce((a, t) => a + (t.passed ?? 0), 0) + journeys.filter((j) => j.status === 'expected').length;
const failures = vitest.reduce((a, t) => a + (t.failed ?? 0), 0) + journeys.filter((j) => j.status === 'unexpected').length;
console.log(`\n${passed} passed, ${failures} failed`);
if (failed) {
  console.error(`\nnpm test: phase '${failed}' failed`);
  process.exit(1);
}
