// npm run test:reliability — runs the reliability tests (Vitest: tests/reliability; Playwright:
// tests/e2e/reliability.spec.ts), collects the figures each test file writes to
// $RELIABILITY_SUMMARY_DIR, and regenerates docs/reliability.md from them. The document is
// only rewritten when every test passed.
//   --no-e2e   skip the browser test (no build needed)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUMMARY_DIR_ENV, type Figures } from '../tests/reliability/summary';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = path.join(ROOT, 'docs', 'reliability.md');
const withE2e = !process.argv.includes('--no-e2e');

/** What each figures file proves, in the order of issue 5. */
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
      'profile (right and wrong answered alike) and malformed Idempotency-Keys. Each answer is ' +
      'a 4xx with a JSON `message`, and the data file is byte-for-byte unchanged afterwards (its SHA-256 and the live ' +
      'state are compared after every case). A control test shows each base body is accepted, and that extra fields ' +
      'on a valid body are dropped, not stored.',
  },
  {
    file: 'accessMatrix',
    item: '2',
    proves:
      'One table: every route, plus the escalation attempts (role/id/email/password changes, signup as admin, ' +
      "another shopper's cart lines, addresses and orders, order re-assignment) × anonymous, shopper A, shopper B, " +
      'admin → the expected status. A refused call changes nothing; an allowed one acts on the caller only. ' +
      "An Idempotency-Key is the user's own: shopper A gets A's order back, anyone else with the same key orders afresh.",
  },
  {
    file: 'concurrency',
    item: '3',
    proves:
      '50 shoppers sign up, fill their carts and check out at once over real sockets against a product with 20 in ' +
      'stock: exactly 20 orders succeed, every other shopper gets a 409 naming the product, stock is never ' +
      'committed below zero, each order in the data file matches what its shopper was told, re-priced (tampered ' +
      'totals ignored), and the totals add up; carts are emptied only by a successful order. Plus races on one ' +
      'record: 20 simultaneous signups with one email, 10 simultaneous adds of one product, two buyers for the ' +
      'last items.',
  },
  {
    file: 'crash',
    item: '4',
    proves:
      'A real server process (`server/index.ts`) takes concurrent writes (orders, signups, profile, cart and order ' +
      'status updates) and is killed with SIGKILL after a seeded-random number of acknowledged writes, round after ' +
      'round, restarting on the same data file and port. After every kill the file parses, every acknowledged ' +
      'write is there exactly as acknowledged, an unacknowledged one is all there or not at all, stock matches the ' +
      'stored orders, and the sessions (cookies) survive. Then orders sent with an Idempotency-Key are killed ' +
      'around their write (or answered, with the answer lost) and retried with the same key after the restart: ' +
      'each is placed exactly once, with its stock taken once.',
  },
  {
    file: 'sessions',
    item: '5',
    proves:
      'Tampered, forged (valid signature on a made-up id, the stored digest, another secret, JSON cookies) and ' +
      'expired cookies get 401 on every signed-in route and change nothing; logout kills a copied cookie on the ' +
      'server, also after a restart, while the same user’s other sessions live on; failed logins are throttled ' +
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
      'stopped mid-journey, the shopper sees a clear message, the server is restarted on the same data file and ' +
      'the order is completed with the cart intact.',
  },
];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv): boolean {
  console.log(`\n> ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
  return result.status === 0;
}

function render(figures: Map<string, Figures>): string {
  const rows = AREAS.filter((a) => figures.has(a.file)).map((a) => ({ ...a, f: figures.get(a.file)! }));
  const sum = (key: 'cases' | 'requests' | 'faults' | 'writesChecked' | 'writesLost') =>
    rows.reduce((n, r) => n + r.f[key], 0);
  const lines = [
    '# Reliability and security: the figures',
    '',
    '<!-- Generated by `npm run test:reliability` (scripts/reliabilityReport.ts). Do not edit by hand. -->',
    '',
    `Last run: ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${process.platform}. ` +
      'Every figure below comes from tests that fail if the property does not hold; they also run in `npm test`.',
    '',
    '| Item | Area | Cases tried | Requests sent | Faults injected | Acknowledged writes checked | Writes lost |',
    '|---|---|--:|--:|--:|--:|--:|',
    ...rows.map(
      (r) =>
        `| ${r.item} | ${r.f.area} | ${r.f.cases} | ${r.f.requests} | ${r.f.faults} | ${r.f.writesChecked} | ${r.f.writesLost} |`,
    ),
    `| | **Total** | **${sum('cases')}** | **${sum('requests')}** | **${sum('faults')}** | **${sum('writesChecked')}** | **${sum('writesLost')}** |`,
    '',
    sum('writesLost') === 0
      ? '**Nothing lost**: every write a client saw acknowledged was found afterwards, through every fault.'
      : `**${sum('writesLost')} acknowledged writes were lost.**`,
    '',
  ];
  for (const r of rows) {
    lines.push(`## ${r.item}. ${r.f.area}`, '', r.proves, '');
    for (const note of r.f.notes) lines.push(`- ${note}`);
    if (r.f.notes.length) lines.push('');
  }
  const missing = AREAS.filter((a) => !figures.has(a.file));
  if (missing.length) {
    lines.push('## Not run this time', '', ...missing.map((a) => `- ${a.item}: ${a.file}`), '');
  }
  lines.push(
    '## Running it',
    '',
    '- `npm run test:reliability` runs `vitest run --project server tests/reliability` and ' +
      '`playwright test tests/e2e/reliability.spec.ts` with `RELIABILITY_SUMMARY_DIR` set, then rewrites this file ' +
      '(`-- --no-e2e` skips the browser test).',
    '- The crash test uses a seeded PRNG (mulberry32), so the kill points are the same on every run; how many ' +
      'requests were in flight at each kill depends on timing, so request counts vary slightly.',
    '',
  );
  return lines.join('\n');
}

const summaryDir = mkdtempSync(path.join(tmpdir(), 'shop-reliability-summary-'));
const env = { ...process.env, [SUMMARY_DIR_ENV]: summaryDir };
let ok = run('Vitest', 'npx', ['vitest', 'run', '--project', 'server', 'tests/reliability'], env);
if (withE2e) ok = run('Playwright', 'npx', ['playwright', 'test', 'tests/e2e/reliability.spec.ts'], env) && ok;

const figures = new Map<string, Figures>();
if (existsSync(summaryDir)) {
  for (const name of readdirSync(summaryDir).filter((f) => f.endsWith('.json'))) {
    figures.set(path.basename(name, '.json'), JSON.parse(readFileSync(path.join(summaryDir, name), 'utf8')));
  }
}
rmSync(summaryDir, { recursive: true, force: true });

if (!ok) {
  console.error('\nSome reliability tests failed; docs/reliability.md was not rewritten.');
  process.exit(1);
}
writeFileSync(OUT, render(figures));
console.log(`\nWrote ${path.relative(ROOT, OUT)} (${figures.size} areas).`);
