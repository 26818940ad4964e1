// npm run test:reliability — runs the reliability tests (Vitest: tests/reliability, once per
// storage driver: project `server` on embedded, project `server-pg` on postgres; Playwright:
// tests/e2e/reliability.spec.ts), collects the figures each test file writes to
// $RELIABILITY_SUMMARY_DIR (one file per area and engine), and regenerates docs/reliability.md
// from them. The document is only rewritten when every test passed.
//   --no-e2e   skip the browser test (no build needed)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeFigures, SUMMARY_DIR_ENV, type Figures } from '../tests/reliability/summary';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = path.join(ROOT, 'docs', 'reliability.md');
const withE2e = !process.argv.includes('--no-e2e');
const ENGINES = ['embedded', 'postgres'] as const;

/** What each figures file proves, by item (the numbered sections of docs/reliability.md). */
const AREAS: { file: string; item: string; proves: string }[] = [
  {
    file: 'badInput',
    item: '1',
    proves:
      'Every API route gets malformed JSON, wrong content types and encodings, bodies over 100 kB, JSON that is not ' +
      'an object, wrong types, missing and extra fields, out-of-range numbers (including 1e999 → Infinity), huge ' +
      'strings, unknown ids, SQL/NoSQL-looking and script-tag strings, path tricks in ids (`..%2F`, `%00`, ' +
      '`__proto__`, `1e3`, 2^53+1 ...), repeated and structured query keys, paths into internals, cross-site writes ' +
      '(a form post with no body, a foreign or opaque Origin, Sec-Fetch-Site cross-site), image paths a browser ' +
      'would load from another host (`/\\evil.example`, a tab or newline after the slash), password guesses on the ' +
      'profile (right and wrong answered alike), malformed Idempotency-Keys, facet filters that are not a number ' +
      'from 0 or come twice (on the list and on its facets, each field named), a search suggestion query over 100 ' +
      'characters, review bodies out of their rules (each field named), text PostgreSQL cannot store (a NUL, half a ' +
      'surrogate pair), the back office\'s paging, filters (status, customer, entity, actor) and bulk status bodies ' +
      '(ids repeated, too many, not ids; each field named), product import files that are not CSV, name a column ' +
      'twice or one the export does not have, or hold rows out of the product rules (refused whole), and orders, reviews and products that are ' +
      "someone else's, unknown, not pending or not received. Each answer is " +
      'a 4xx with a JSON `message`, and what is stored is exactly as before, compared after every case: the SHA-256 of ' +
      'every table (on embedded read from the database the shop writes to, on postgres a committed snapshot read ' +
      "through a connection of the test's own); the live state too. A control test shows each base body is " +
      'accepted, and that extra fields on a valid body are dropped, not stored.',
  },
  {
    file: 'generatedBodies',
    item: '1',
    proves:
      'Beside the catalogue: 1,000 generated JSON bodies (fast-check, a fixed seed) over every write route (POST, ' +
      'PUT, PATCH, DELETE) at the catalogue\'s targets, each sent with the role the route needs: any JSON value, ' +
      'objects of random or known keys, and valid bodies with fields given random values. No answer is a 5xx, and ' +
      'the server still answers afterwards. A body nested more than 64 levels deep is 400 on every route before it ' +
      'is read, and every date the API takes is a real day of the years 1970 to 9999.',
  },
  {
    file: 'accessMatrix',
    item: '2',
    proves:
      'One table: every route, plus the escalation attempts (role/id/email/password changes, signup as admin, ' +
      "another shopper's cart lines, addresses and orders, order re-assignment) × anonymous, shopper A, shopper B, " +
      'admin → the expected status, each cell on a fresh database. A refused call leaves what is stored ' +
      'exactly as it was (its hash is compared); an allowed one acts on the caller only, as stored. ' +
      "An Idempotency-Key is the user's own: shopper A gets A's order back, anyone else with the same key orders afresh. " +
      "Only an order's owner cancels it (pending only) or buys it again, not an admin; only a shopper who received " +
      'a product reviews it, once; only its author edits a review; only an admin removes one. An allowed write of these ' +
      'stores exactly its change (stock given back or taken, cart line, review and rating, audit entry) and nothing else. ' +
      'The back office (dashboard, customers, audit log, CSV export, product import, bulk status) is the staff\'s only, ' +
      'each call behind its permission (docs/permissions.md); staff-role cells check that fulfilment staff are refused ' +
      'promotions and refunds (a return refunded, a paid order cancelled) but list orders, dispatch and receive returns, ' +
      'catalogue staff are refused orders, and support staff read an order with its notes but cannot change it or add a note; ' +
      'a bulk change or an import stores each order\'s or product\'s change with its audit entry, and a dry run or a ' +
      'status an order already has stores nothing.',
  },
  {
    file: 'concurrency',
    item: '3',
    proves:
      '50 shoppers sign up, fill their carts and check out at once over real sockets against a product with 20 in ' +
      'stock: exactly 20 orders succeed, every other shopper gets a 409 naming the product, stock is never ' +
      'stored below zero (read back after every order), each stored order matches what its shopper was told, re-priced (tampered ' +
      'totals ignored), and the totals add up; carts are emptied only by a successful order. Plus races on one ' +
      'record: 20 simultaneous signups with one email, 10 simultaneous adds of one product, two buyers for the ' +
      'last items. On postgres the server has a pool of 10 connections, so the orders overlap in the database.',
  },
  {
    file: 'crash',
    item: '4',
    proves:
      'A real server process (`server/index.ts`: on a data folder, or on a database through `DATABASE_URL`) takes ' +
      'concurrent writes (orders, signups, profile, cart and order status updates) and is killed with SIGKILL after ' +
      'a seeded-random number of acknowledged writes, round after round, restarting on the same data folder or ' +
      'database and port. After every kill what is stored reads back (embedded: the data folder opens; postgres: the dead ' +
      "server's connections are gone, whatever they had open rolled back, and a snapshot is read through a " +
      "connection of the test's own), every acknowledged write is there exactly as acknowledged, an unacknowledged " +
      'one is all there or not at all, stock matches the stored orders, and the sessions (cookies) survive. Then ' +
      'orders sent with an Idempotency-Key are killed around their write (or answered, with the answer lost) and ' +
      'retried with the same key after the restart: each is placed exactly once, with its stock taken once. ' +
      'It is the shop’s server that is killed, not PostgreSQL. PostgreSQL itself going away is ' +
      '`tests/pg/databaseLoss.test.ts` (in `npm test`, not in these figures): stopped at once (`pg_ctl stop -m ' +
      'immediate`) under a burst of orders on two instances, neither process exits, every request meanwhile is a ' +
      '503 with a JSON message and Retry-After, both serve again within 10 s of its return, no acknowledged order ' +
      'is lost and every product’s stock plus what the stored orders took is what it had.',
  },
  {
    file: 'sessions',
    item: '5',
    proves:
      'Tampered, forged (valid signature on a made-up id, the stored digest, another secret, JSON cookies) and ' +
      'expired cookies get 401 on every signed-in route and change nothing stored; logout kills a copied cookie on the ' +
      'server, also after a restart (a new store adapter on the same data), while the same user’s other sessions ' +
      'live on; failed logins change nothing of the shop’s data (on postgres they are counted in a table of their ' +
      'own, `throttle_events`, shared by every instance) and are throttled ' +
      'with 429 per email from one client (parallel guesses cannot outrun it), per email from all clients ' +
      'together, and per client address (X-Forwarded-For is not trusted), without locking out other accounts, ' +
      'the owner signing in from another client, or the victim’s open session. An account keeps at most 10 live ' +
      'sessions (the 11th sign-in ends the oldest, also after a restart), and sign-ups from one address stop at ' +
      'the hourly limit with 429 and Retry-After, writing nothing.',
  },
  {
    file: 'headers',
    item: '6',
    proves:
      "Content-Security-Policy (script-src 'self', no inline script or eval), X-Content-Type-Options: nosniff, a " +
      'strict Referrer-Policy and no X-Powered-By on API successes and every error status, on the app, static ' +
      'files, history fallback and missing files — from createApp and from the production entry point. The ' +
      'shipped HTML has no inline script; the session cookie is HttpOnly and SameSite=Lax.',
  },
  {
    file: 'e2e',
    item: '6, 7',
    proves:
      'In Chromium: a product whose title contains `<script>` (created through the admin API) renders as text on ' +
      'the shopper pages with no dialog and no script run, and no CSP violation is reported. Then the server is ' +
      'stopped mid-journey, the shopper sees a clear message, the server is restarted on the same data folder and ' +
      'the order is completed with the cart intact.',
  },
];

interface Run {
  label: string;
  ok: boolean;
  seconds: number;
  /** The count of tests, from the runner's JSON report. */
  tests?: { files: number; passed: number; skipped: number };
}

/** Runs a test runner that writes a JSON report to `report`; `count` reads the counts from it. */
function run<R>(label: string, args: string[], env: NodeJS.ProcessEnv, report: string, count: (json: R) => Run['tests']): Run {
  console.log(`\n> ${label}: npx ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync('npx', args, { cwd: ROOT, stdio: 'inherit', env });
  const seconds = Math.round((Date.now() - started) / 1000);
  const tests = existsSync(report) ? count(JSON.parse(readFileSync(report, 'utf8')) as R) : undefined;
  return { label, ok: result.status === 0, seconds, tests };
}

/** Vitest on tests/reliability in `project`. */
function vitest(project: string, engine: string, env: NodeJS.ProcessEnv, dir: string): Run {
  const report = path.join(dir, `vitest-${project}.report`);
  const args = ['vitest', 'run', '--project', project, 'tests/reliability', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  return run(`Vitest, project ${project} (${engine})`, args, env, report, (r: VitestReport) => ({
    files: r.testResults.length,
    passed: r.numPassedTests,
    skipped: r.numPendingTests + r.numTodoTests,
  }));
}

/** Playwright on the browser test (its server runs on the embedded driver). */
function playwright(env: NodeJS.ProcessEnv, dir: string): Run {
  const report = path.join(dir, 'playwright.report');
  const args = ['playwright', 'test', 'tests/e2e/reliability.spec.ts', '--reporter=list,json'];
  return run('Playwright (embedded)', args, { ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report }, report, (r: PlaywrightReport) => ({
    files: r.suites.length,
    passed: r.stats.expected,
    skipped: r.stats.skipped,
  }));
}

interface VitestReport {
  testResults: unknown[];
  numPassedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}
interface PlaywrightReport {
  suites: unknown[];
  stats: { expected: number; skipped: number };
}

type Key = 'cases' | 'requests' | 'faults' | 'writesChecked' | 'writesLost';
const sum = (list: Figures[], key: Key) => list.reduce((n, f) => n + f[key], 0);
const cells = (list: Figures[], bold = false) =>
  (['cases', 'requests', 'faults', 'writesChecked', 'writesLost'] as const).map((k) => (bold ? `**${sum(list, k)}**` : `${sum(list, k)}`)).join(' | ');

/** Figures and the area (the file name's first part) they belong to. */
type AreaFigures = Figures & { file: string };

function render(figures: AreaFigures[], runs: Run[]): string {
  // The known areas in their order, then any other figures file (a suite added since), by name.
  const known = new Map(AREAS.map((a) => [a.file, a]));
  const rank = (file: string) => (known.has(file) ? AREAS.indexOf(known.get(file)!) : AREAS.length);
  const files = [...new Set(figures.map((f) => f.file))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const of = (file: string) => ENGINES.flatMap((e) => figures.filter((f) => f.file === file && f.engine === e));
  const item = (file: string) => known.get(file)?.item ?? '';
  const lost = sum(figures, 'writesLost');
  const lines = [
    '# Reliability and security: the figures',
    '',
    '<!-- Generated by `npm run test:reliability` (scripts/reliabilityReport.ts). Do not edit by hand. -->',
    '',
    `Last run: ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${process.platform}. ` +
      'Every figure below comes from tests that fail if the property does not hold; they also run in `npm test`. ' +
      'The suites that concern stored data run once per driver: embedded (the default: PostgreSQL in the ' +
      "server's process, PGlite, in a data folder) and postgres (a PostgreSQL server: a database of their own on a " +
      'throw-away cluster).',
    '',
    '| Run | Test files | Tests passed | Skipped | Time |',
    '|---|--:|--:|--:|--:|',
    ...runs.map((r) => `| ${r.label} | ${r.tests?.files ?? '—'} | ${r.tests?.passed ?? '—'} | ${r.tests?.skipped ?? '—'} | ${r.seconds} s |`),
    '',
    '| Item | Area | Engine | Cases tried | Requests sent | Faults injected | Acknowledged writes checked | Writes lost |',
    '|---|---|---|--:|--:|--:|--:|--:|',
    ...files.flatMap((file) => of(file).map((f) => `| ${item(file)} | ${f.area} | ${f.engine} | ${cells([f])} |`)),
    ...ENGINES.filter((e) => figures.some((f) => f.engine === e)).map(
      (e) => `| | **Total, ${e}** | | ${cells(figures.filter((f) => f.engine === e), true)} |`,
    ),
    `| | **Total** | | ${cells(figures, true)} |`,
    '',
    lost === 0
      ? '**Nothing lost**: every write a client saw acknowledged was found afterwards, through every fault, on both engines.'
      : `**${lost} acknowledged writes were lost.**`,
    '',
  ];
  for (const file of files) {
    const list = of(file);
    lines.push(`## ${item(file) ? `${item(file)}. ` : ''}${list[0].area}`, '');
    const proves = known.get(file)?.proves;
    if (proves) lines.push(proves, '');
    const engines = list.map((f) => f.engine).join(' and ');
    lines.push(`Ran on ${engines}.`, '');
    // A note every engine gave once; the others under their engine's name.
    const notes = [...new Set(list.flatMap((f) => f.notes))];
    for (const note of notes) {
      const from = list.filter((f) => f.notes.includes(note)).map((f) => f.engine);
      lines.push(from.length === list.length ? `- ${note}` : `- ${from.join(', ')}: ${note}`);
    }
    if (notes.length) lines.push('');
  }
  const missing = AREAS.filter((a) => !files.includes(a.file));
  if (missing.length) {
    lines.push('## Not run this time', '', ...missing.map((a) => `- ${a.item}: ${a.file}`), '');
  }
  lines.push(
    '## Running it',
    '',
    '- `npm run test:reliability` runs `vitest run --project server tests/reliability` (embedded), ' +
      '`vitest run --project server-pg tests/reliability` (postgres: the data suites again, see vite.config.ts) and ' +
      '`playwright test tests/e2e/reliability.spec.ts` with `RELIABILITY_SUMMARY_DIR` set, then rewrites this file ' +
      '(`-- --no-e2e` skips the browser test). The postgres run starts a throw-away PostgreSQL cluster ' +
      '(tests/pg/globalSetup.ts), so it needs the PostgreSQL server binaries.',
    '- The crash test uses a seeded PRNG (mulberry32), so the kill points are the same on every run; how many ' +
      'requests were in flight at each kill depends on timing, so request counts vary slightly.',
    '',
  );
  return lines.join('\n');
}

const summaryDir = mkdtempSync(path.join(tmpdir(), 'shop-reliability-summary-'));
const env = { ...process.env, [SUMMARY_DIR_ENV]: summaryDir };
const runs = [vitest('server', 'embedded', env, summaryDir), vitest('server-pg', 'postgres', env, summaryDir)];
if (withE2e) runs.push(playwright(env, summaryDir));

// <area>.<engine>[.<part>].json: a suite split over several test files saves a part per file.
const parts = new Map<string, Figures[]>();
for (const name of readdirSync(summaryDir).filter((f) => f.endsWith('.json')).sort()) {
  const [file, engine] = name.split('.');
  const key = `${file}.${engine}`;
  parts.set(key, [...(parts.get(key) ?? []), JSON.parse(readFileSync(path.join(summaryDir, name), 'utf8')) as Figures]);
}
const figures: AreaFigures[] = [...parts].map(([key, list]) => ({ ...mergeFigures(list), file: key.split('.')[0] }));
rmSync(summaryDir, { recursive: true, force: true });

if (!runs.every((r) => r.ok)) {
  console.error(`\nSome reliability tests failed (${runs.filter((r) => !r.ok).map((r) => r.label).join(', ')}); docs/reliability.md was not rewritten.`);
  process.exit(1);
}
writeFileSync(OUT, render(figures, runs));
console.log(`\nWrote ${path.relative(ROOT, OUT)} (${figures.length} areas × engines).`);
