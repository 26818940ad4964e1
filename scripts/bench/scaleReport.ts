// The scale section of docs/performance.md, from docs/performance-scale.json (scripts/bench/scale.ts).
// It sits between two markers, so `npm run bench:scale` can replace it in an existing file.
import type { CaseKey, CaseRun, Engine, ScaleResults, SizeRun } from './scale';
import { DEEP_FILTERED, DEEP_FILTERED_KEYS, DEEP_FILTERED_PAGES, SCALE_DEEP_BRAND, SCALE_DEEP_CATEGORY } from './scaleDeep';
import type { RunResult } from './scaleLoad';

/** docs/performance-scale.json: scale runs by label (`before` is compared with the latest). */
export interface ScaleFile {
  runs: Record<string, ScaleResults>;
}

/** The file as stored; an older one held a single run (the latest). */
export function toScaleFile(parsed: unknown): ScaleFile {
  const value = parsed as Partial<ScaleResults> & Partial<ScaleFile>;
  if (value && typeof value === 'object' && 'machine' in value) return { runs: { latest: value as ScaleResults } };
  return { runs: (value?.runs as ScaleFile['runs'] | undefined) ?? {} };
}

export const SCALE_START = '<!-- scale:start -->';
export const SCALE_END = '<!-- scale:end -->';

const READS: CaseKey[] = ['filtered', 'deep', ...DEEP_FILTERED_KEYS, 'search', 'searchBroad', 'searchTypo', 'byId', 'ordersOwn'];
const ORDER: CaseKey[] = [...READS, 'order'];

export const count = (n: number) => n.toLocaleString('en');
export const ms = (n: number | undefined) =>
  n === undefined || !Number.isFinite(n) ? '–' : n < 10 ? n.toFixed(2) : n < 1000 ? n.toFixed(1) : count(Math.round(n));

/** b ÷ a as "1.23×" (two significant decimals; whole numbers from 100×). */
export function ratio(b: number | undefined, a: number | undefined): string {
  if (b === undefined || a === undefined || !Number.isFinite(a) || !Number.isFinite(b) || a <= 0) return '–';
  const r = b / a;
  return r >= 100 ? `${count(Math.round(r))}×` : r >= 0.1 ? `${r.toFixed(2)}×` : `${r.toPrecision(2)}×`;
}

const table = (head: string[], rows: (string | number)[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

const label = (r: SizeRun) => `${r.engine} ${count(r.products)}`;

function caseOf(run: SizeRun | undefined, key: CaseKey): CaseRun | undefined {
  return run?.cases.find((c) => c.key === key);
}

/** "453 of 522 failed: 453 × 503" (answers other than 2xx; socket errors and timeouts apart). */
function failedText(result: RunResult): string {
  const bad = Object.entries(result.statuses).filter(([key]) => !/ 2\d\d$/.test(key));
  const answers = result.answers ?? result.requests;
  const codes = bad.map(([key, n]) => `${count(n)} × ${key.split(' ')[1]}`);
  const other = result.failures - bad.reduce((sum, [, n]) => sum + n, 0);
  if (other > 0) codes.push(`${count(other)} socket errors or timeouts`);
  return `**${count(result.failures)} of ${count(answers)} failed** (${codes.join(', ')})`;
}

function cell(result: RunResult | undefined, withRate = false): string {
  if (!result) return '–';
  const failed = result.failures ? ` ${failedText(result)}` : '';
  if (result.requests === 0) return `no successful answer in ${result.seconds} s${failed}`;
  const rate = withRate ? `, ${result.rps >= 100 ? count(Math.round(result.rps)) : result.rps}/s` : '';
  // Every connection has one request in flight when a run stops; it matters only when the run got few answers.
  const open = result.unanswered && result.requests < 2 * result.connections ? ` (${result.requests} answered, ${result.unanswered} still waiting at the end)` : '';
  return `${ms(result.latencyMs.p50)} / ${ms(result.latencyMs.p95)}${rate}${open}${failed}`;
}

/** Server CPU per answer, Node and database together (ms). */
export const totalCpu = (result: RunResult | undefined) =>
  result?.nodeCpuMs === undefined ? undefined : result.nodeCpuMs + (result.dbCpuMs ?? 0);

function cpuCell(result: RunResult | undefined): string {
  if (!result || result.nodeCpuMs === undefined) return '–';
  return result.dbCpuMs === undefined ? ms(result.nodeCpuMs) : `${ms(result.nodeCpuMs)} + ${ms(result.dbCpuMs)}`;
}

/** "json at 1,000,000: does not load (…)" for the sizes an engine could not be measured at. */
function notLoaded(results: ScaleResults): string {
  const missing = results.runs.filter((r) => !r.loaded);
  return missing.length ? `\n\nNot in the table: ${missing.map((r) => `${label(r)} does not load (${r.failure ?? 'see below'})`).join('; ')}.` : '';
}

/** The first and last size a engine was measured at (loaded). */
function span(results: ScaleResults, engine: Engine): [SizeRun, SizeRun] | undefined {
  const runs = results.runs.filter((r) => r.engine === engine && r.loaded).sort((a, b) => a.products - b.products);
  return runs.length >= 2 ? [runs[0], runs[runs.length - 1]] : undefined;
}

export interface TargetVerdict {
  target: string;
  result: string;
  met: boolean;
}

/** Engines in the order the tables show them. */
const ENGINES: Engine[] = ['json', 'embedded', 'postgres'];

/**
 * The targets: each read's p50 at the largest size ≤ 2× at the smallest, on PostgreSQL
 * (10,000 → 1,000,000) and on the embedded engine (10,000 → 100,000); on
 * PostgreSQL at the largest size, search and filtered pages one at a time under 50 ms (p95) and a
 * q search at 50 connections under 250 ms (p95).
 */
export function targets(results: ScaleResults): TargetVerdict[] {
  const out: TargetVerdict[] = [];
  for (const engine of ['postgres', 'embedded'] as Engine[]) {
    const s = span(results, engine);
    if (!s) continue;
    const [lo, hi] = s;
    for (const key of READS) {
      const a = caseOf(lo, key);
      const b = caseOf(hi, key);
      if (!a || !b) continue;
      const r = b.one.latencyMs.p50 / a.one.latencyMs.p50;
      out.push({
        target: `${engine}, ${a.name}: p50 at ${count(hi.products)} ≤ 2× p50 at ${count(lo.products)}`,
        result: `${ms(b.one.latencyMs.p50)} vs ${ms(a.one.latencyMs.p50)} ms (${ratio(b.one.latencyMs.p50, a.one.latencyMs.p50)}; CPU per request ${ratio(totalCpu(b.one), totalCpu(a.one))})`,
        met: r <= 2 && b.one.failures === 0,
      });
    }
    // A mistyped search (corrected, then searched) at each engine's largest size.
    const typo = caseOf(hi, 'searchTypo');
    if (typo) {
      out.push({
        target: `${engine}, ${typo.name} at ${count(hi.products)}, one at a time: p95 < 100 ms`,
        result: `p50 ${ms(typo.one.latencyMs.p50)}, p95 ${ms(typo.one.latencyMs.p95)} ms`,
        met: typo.one.latencyMs.p95 < 100 && typo.one.failures === 0,
      });
    }
  }
  const pg = span(results, 'postgres');
  if (!pg) return out;
  const hi = pg[1];
  for (const key of ['filtered', 'search', 'searchBroad'] as CaseKey[]) {
    const b = caseOf(hi, key);
    if (!b) continue;
    out.push({
      target: `postgres, ${b.name} at ${count(hi.products)}, one at a time: well under 50 ms (p95 < 50 ms)`,
      result: `p50 ${ms(b.one.latencyMs.p50)}, p95 ${ms(b.one.latencyMs.p95)} ms`,
      met: b.one.latencyMs.p95 < 50 && b.one.failures === 0,
    });
  }
  for (const key of ['search', 'searchBroad'] as CaseKey[]) {
    const b = caseOf(hi, key);
    if (!b) continue;
    out.push({
      target: `postgres, ${b.name} at ${count(hi.products)}, ${results.settings.connections} connections: p95 < 250 ms`,
      result: `p50 ${ms(b.fifty.latencyMs.p50)}, p95 ${ms(b.fifty.latencyMs.p95)} ms, ${b.fifty.rps}/s`,
      met: b.fifty.latencyMs.p95 < 250 && b.fifty.failures === 0 && b.fifty.requests > 0,
    });
  }
  return out;
}

function latencyTable(results: ScaleResults, mode: 'one' | 'fifty'): string {
  const runs = results.runs.filter((r) => r.loaded);
  const spans = ENGINES.map((e) => [e, span(results, e)] as const).filter((x): x is readonly [Engine, [SizeRun, SizeRun]] => x[1] !== undefined);
  const head = [
    'request',
    ...runs.map((r) => `${label(r)}${mode === 'fifty' ? ' p50 / p95, answers/s' : ' p50 / p95'}`),
    ...spans.map(([e, s]) => `${e} growth ${count(s[0].products)} → ${count(s[1].products)} (p50)`),
  ];
  const rows = ORDER.filter((key) => runs.some((r) => caseOf(r, key))).map((key) => {
    const name = runs.map((r) => caseOf(r, key)?.name).find(Boolean)!;
    const g = (s: [SizeRun, SizeRun]) => `**${ratio(caseOf(s[1], key)?.[mode].latencyMs.p50, caseOf(s[0], key)?.[mode].latencyMs.p50)}**`;
    return [name, ...runs.map((r) => cell(caseOf(r, key)?.[mode], mode === 'fifty')), ...spans.map(([, s]) => g(s))];
  });
  return table(head, rows);
}

function cpuTable(results: ScaleResults): string {
  const runs = results.runs.filter((r) => r.loaded);
  const spans = ENGINES.map((e) => [e, span(results, e)] as const).filter(([, s]) => s);
  const rows = ORDER.filter((key) => runs.some((r) => caseOf(r, key))).map((key) => {
    const name = runs.map((r) => caseOf(r, key)?.name).find(Boolean)!;
    return [
      key === 'order' ? `${name} (with its add to cart)` : name,
      ...runs.map((r) => `${cpuCell(caseOf(r, key)?.one)} · ${cpuCell(caseOf(r, key)?.fifty)}`),
      ...spans.map(([, s]) => `**${ratio(totalCpu(caseOf(s![1], key)?.one), totalCpu(caseOf(s![0], key)?.one))}**`),
    ];
  });
  return table(
    ['request', ...runs.map(label), ...spans.map(([e, s]) => `${e} growth ${count(s![0].products)} → ${count(s![1].products)} (one at a time, all CPU)`)],
    rows,
  );
}

function loadText(results: ScaleResults): string {
  const loads = results.runs.flatMap((r) => r.cases.map((c) => c.loadAvg)).filter((x): x is number => x !== undefined);
  if (loads.length === 0) return '';
  return ` The machine's 1-minute load average at the start of the cases ranged from ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)} (on ${results.machine.cores} CPUs): other work was running.`;
}

function memoryRow(r: SizeRun, prefix = ''): string[] {
  const m = r.memory;
  const size =
    r.engine === 'json'
      ? r.dataMB !== undefined
        ? `${count(r.dataMB)} MB file`
        : '–'
      : `${count(r.dbSizeMB ?? 0)} MB ${r.engine === 'embedded' ? 'data folder' : 'database'} (${r.seedS ? `seeded in ${r.seedS} s` : 'seeded before the run'}${r.engine === 'embedded' && r.dataMB !== undefined ? ` from ${count(r.dataMB)} MB of db.json` : ''})`;
  if (!r.loaded) return [`${prefix}${label(r)}`, size, `does not load: ${r.failure ?? '?'}`, '–', '–', '–', '–'];
  return [
    `${prefix}${label(r)}`,
    size,
    `${r.startS} s`,
    m ? `${count(m.afterLoad.rssMB)} MB` : '–',
    m?.afterRuns ? `${count(m.afterRuns.rssMB)} MB` : '–',
    m?.afterRuns ? `${count(m.afterRuns.peakMB)} MB` : m ? `${count(m.afterLoad.peakMB)} MB` : '–',
    m?.dbPssMB !== undefined ? `${count(m.dbPssMB)} MB` : '–',
  ];
}

/** This run's rows; with `before`, its json engine's rows (the default engine then) above the embedded ones. */
function memoryTable(results: ScaleResults, before?: ScaleResults): string {
  const earlier = (before?.runs ?? []).filter((r) => r.engine === 'json').map((r) => memoryRow(r, `before (${codeOf(before!)}, ${before!.date.slice(0, 10)}): `));
  const rows = results.runs.map((r) => memoryRow(r));
  return table(
    ['engine, products', 'data', 'start (spawn → first answer)', 'server RSS after start', 'RSS after the runs', 'peak RSS (VmHWM)', 'PostgreSQL processes (PSS)'],
    [...earlier, ...rows],
  );
}

function matchesText(results: ScaleResults): string {
  const sizes = [...new Set(results.runs.map((r) => r.products))].sort((a, b) => a - b);
  const keys: CaseKey[] = ['filtered', 'deepCategoryRating', 'deepBrandRating', 'search', 'searchBroad'];
  const lines: string[] = [];
  const names: Record<string, string> = {
    filtered: `category=${results.settings.category} without deleted`,
    deepCategoryRating: `category=${SCALE_DEEP_CATEGORY}`,
    deepBrandRating: `brand=${SCALE_DEEP_BRAND}`,
    search: `q "${results.settings.search}"`,
    searchBroad: `q "${results.settings.broadSearch}"`,
  };
  for (const key of keys) {
    const parts = sizes.map((n) => {
      const at = results.runs.filter((r) => r.products === n && r.totals[key] !== undefined);
      const seen = [...new Set(at.map((r) => r.totals[key]!))];
      if (seen.length === 0) return undefined;
      const estimated = at.filter((r) => r.estimated?.includes(key)).map((r) => r.engine);
      const marked = estimated.length ? ` (${estimated.join(' and ')}: an estimate, X-Total-Count-Estimated)` : '';
      return `${seen.map(count).join(' vs ')}${seen.length > 1 && !estimated.length ? ' (**the engines disagree**)' : ''}${marked} of ${count(n)}`;
    });
    if (parts.some(Boolean)) lines.push(`${names[key]}: ${parts.filter(Boolean).join('; ')}`);
  }
  return lines.map((l) => `- ${l}`).join('\n');
}

function ceilingText(results: ScaleResults): string {
  const c = results.ceiling;
  if (!c) return '_not measured (`--no-ceiling`)_';
  const tried = [...c.attempts].sort((a, b) => a.products - b.products);
  const rows = tried.map((a) => [
    count(a.products),
    `${count(Math.round(a.bytes / 2 ** 20))} MB (${count(a.bytes)} B)`,
    a.ok ? `loads: ${a.startS} s, RSS ${count(a.memory?.rssMB ?? NaN)} MB, peak ${count(a.memory?.peakMB ?? NaN)} MB` : `**does not load**: \`${a.failure}\``,
  ]);
  const out = [
    `"Loads" means: \`server/index.ts\` on that data file starts and answers a page of products (with X-Total-Count equal to the catalogue) and the last product by id. The file is written in the server's own format (\`JSON.stringify(db, null, 2)\`, as \`npm run seed\` and the server's own rewrites write it) by a streaming writer, so the bench itself is not the limit. V8's longest string here is ${count(c.maxStringLength)} characters.`,
    '',
    table(['products', 'data file', 'outcome'], rows),
    '',
  ];
  if (c.largest) {
    out.push(
      `**Largest catalogue the json adapter loads: ${count(c.largest.products)} products** (${count(Math.round(c.largest.bytes / 2 ** 20))} MB of JSON)${c.smallestFailed ? `; ${count(c.smallestFailed.products)} does not` : ''}. ` +
        'The limit is the length of one JavaScript string: the adapter reads the file with `readFileSync(file, \'utf8\')` and `JSON.parse`, and writes it back with `JSON.stringify` (the journal fold), so a data file longer than that cannot be read at all, whatever the memory.',
    );
  }
  if (c.afterOrders) {
    const a = c.afterOrders;
    out.push(
      '',
      a.restarted
        ? `After ${count(a.orders)} orders on that largest catalogue (journaled), the server still restarts.`
        : `And a shop at that size cannot grow: after ${count(a.orders)} orders (journaled; about ${(a.grownBytes / 2 ** 20).toFixed(1)} MB more of JSON, against ${((c.maxStringLength - (c.largest?.bytes ?? 0)) / 2 ** 20).toFixed(1)} MB of room left in a string), the restart, which folds the journal into the data file with one \`JSON.stringify\`, fails: \`${a.failure}\`. The data is still there (data file + journal) but this server version cannot start on it; the practical ceiling is lower than the load limit by the orders it must take.`,
    );
  }
  return out.join('\n');
}

function decrementText(results: ScaleResults): string {
  const runs = results.runs.filter((r) => r.engine === 'postgres' && r.decrement?.length);
  if (runs.length === 0) return '_not measured_';
  const rows: string[][] = [];
  for (const r of runs) {
    for (const d of r.decrement!) {
      rows.push([count(r.products), d.variant, `${ms(d.latencyMs.p50)} / ${ms(d.latencyMs.p95)} / ${ms(d.latencyMs.p99)}`, ms(d.latencyMs.mean), `${count(d.walBytes)} B`]);
    }
  }
  const orders = runs.map((r) => {
    const c = caseOf(r, 'order');
    return c ? `${count(r.products)}: ${ms(c.one.latencyMs.p50)} / ${ms(c.one.latencyMs.p95)} ms one at a time, ${ms(c.fifty.latencyMs.p50)} / ${ms(c.fifty.latencyMs.p95)} ms at ${results.settings.connections} connections` : '';
  });
  const largest = runs[runs.length - 1];
  const plan = largest.decrement![0]?.explain;
  return [
    'Each order takes stock with the adapter\'s guarded `UPDATE products … SET stock = stock - quantity`. `products.search_text` is a stored generated column that includes `stock`, so that update rewrites `search_text` and, since an indexed column changed, is never a HOT update: every index on products, the trigram GIN index(es) included, gets an entry for the new row version. Measured here directly: 1,000 single-line decrements of different products, one statement each, inside a transaction that is rolled back (no commit, so no fsync in the numbers), as the schema is and with products\' GIN indexes dropped in the same transaction (the difference is what they cost).',
    '',
    table(['products', 'schema', 'per update p50 / p95 / p99 ms', 'mean ms', 'WAL per update'], rows),
    '',
    `End to end, POST /orders (p50 / p95): ${orders.filter(Boolean).join('; ')}.`,
    '',
    plan ? `<details><summary>EXPLAIN (ANALYZE, BUFFERS, WAL) of one decrement at ${count(largest.products)}, schema as is</summary>\n\n\`\`\`\n${plan}\n\`\`\`\n\n</details>` : '',
  ].join('\n');
}

function explainText(results: ScaleResults, verdicts: TargetVerdict[]): string {
  const run = results.runs.find((r) => r.engine === 'postgres' && r.explains?.length);
  if (!run) return '';
  const out = [
    `### What PostgreSQL runs for each read at ${count(run.products)} products`,
    '',
    `The statement behind each request and its plan, from PostgreSQL's log while each request is sent twice (the second, warm one is shown), switched on only for this step: \`log_min_duration_statement = 0\` for the statement and its parameters, and ${run.explains!.every((e) => e.planFrom === 'server') ? "`auto_explain` (ANALYZE, BUFFERS) in the server's own sessions for the plan, so with the server's settings (e.g. its pool's `jit=off`)" : 'EXPLAIN (ANALYZE, BUFFERS) with the same parameters on a connection of the bench (default settings) for the plan'}. Reproduce with psql against a database seeded by \`npm run seed -- --products ${count(run.products)} --database-url …\`.`,
    '',
  ];
  for (const e of run.explains!) {
    const c = caseOf(run, e.key);
    const missed = verdicts.some((v) => !v.met && c && v.target.startsWith(`${c.name}:`)) || verdicts.some((v) => !v.met && c && v.target.startsWith(`${c.name} at`));
    const params = e.params.length ? `\n-- ${e.params.map((p, i) => `$${i + 1} = ${p === null ? 'NULL' : `'${p}'`}`).join(', ')}` : '';
    out.push(
      `<details${missed ? ' open' : ''}><summary>${c?.name ?? e.key}${missed ? ' (misses a target)' : ''}: ${ms(c?.one.latencyMs.p50)} ms p50 through the API</summary>`,
      '',
      '```sql',
      `${e.sql.replace(/^\s+/gm, '')}${params}`,
      '```',
      '',
      '```',
      e.plan,
      '```',
      '',
      '</details>',
      '',
    );
  }
  return out.join('\n');
}

/** The demo shopper's orders as the runs saw them (12 in the seed of the first runs, which did not record it). */
function ownOrders(results: ScaleResults): string {
  const seen = [...new Set(results.runs.map((r) => r.totals.ordersOwn).filter((n): n is number => n !== undefined))];
  return seen.length ? seen.map(count).join(' or ') : '12';
}

const codeOf = (r: ScaleResults) => (r.settings.server ? `commit ${r.settings.server.commit}${r.settings.server.dirty ? ' with uncommitted changes' : ''}` : 'code not recorded');

function codeText(results: ScaleResults): string {
  const c = results.settings.server;
  if (!c) return 'not recorded';
  if (c.from === 'working tree') return `the working tree at commit ${c.commit}${c.dirty ? ', **with uncommitted changes** in server/ or the seed scripts' : ' (no uncommitted changes in server/ or the seed scripts)'}`;
  return `commit ${c.commit} (${c.from}${c.dirty ? ', with uncommitted changes' : ''})`;
}

/** Before and after: each request's p50 one at a time at the smallest and largest size, and at 50 connections at the largest. */
function compareText(before: ScaleResults, after: ScaleResults): string {
  const code = (r: ScaleResults) => (r.settings.server ? `${r.settings.server.commit}${r.settings.server.dirty ? '+' : ''}` : '?');
  const out: string[] = [];
  // The default engine was json until the embedded engine replaced it: the two are compared as such.
  const pairs: [Engine, Engine][] = [
    ['postgres', 'postgres'],
    ['json', 'embedded'],
    ['embedded', 'embedded'],
  ];
  for (const [was, is] of pairs) {
    const b = span(before, was);
    const a = span(after, is);
    if (!a || !b) continue;
    const engine = was === is ? is : `default engine: ${was} before, ${is} after`;
    const at = (r: SizeRun, key: CaseKey, mode: 'one' | 'fifty') => caseOf(r, key)?.[mode];
    const fifty = (x?: RunResult) => (x ? `${ms(x.latencyMs.p50)} ms${x.failures ? ` (${count(x.failures)} failed)` : ''}` : '–');
    const rows = ORDER.filter((key) => caseOf(a[1], key) && caseOf(b[1], key)).map((key) => {
      const one = (s: [SizeRun, SizeRun]) =>
        `${ms(at(s[0], key, 'one')?.latencyMs.p50)} → ${ms(at(s[1], key, 'one')?.latencyMs.p50)} (${ratio(at(s[1], key, 'one')?.latencyMs.p50, at(s[0], key, 'one')?.latencyMs.p50)})`;
      return [
        caseOf(a[1], key)!.name,
        one(b),
        one(a),
        `**${ratio(at(a[1], key, 'one')?.latencyMs.p50, at(b[1], key, 'one')?.latencyMs.p50)}**`,
        `${fifty(at(b[1], key, 'fifty'))} → ${fifty(at(a[1], key, 'fifty'))}`,
      ];
    });
    const sizes = (s: [SizeRun, SizeRun]) => `${count(s[0].products)} → ${count(s[1].products)}`;
    out.push(
      table(
        [
          `${engine}`,
          `before (${code(before)}, ${before.date.slice(0, 16).replace('T', ' ')}): p50 ms ${sizes(b)} (growth)`,
          `after (${code(after)}): p50 ms ${sizes(a)} (growth)`,
          `p50 at ${count(a[1].products)}, after ÷ before`,
          `${after.settings.connections} connections at ${count(a[1].products)}: p50 before → after`,
        ],
        rows,
      ),
      '',
    );
  }
  return out.join('\n');
}

export function renderScale(results: ScaleResults, before?: ScaleResults): string {
  const m = results.machine;
  const s = results.settings;
  const verdicts = targets(results);
  const pg = span(results, 'postgres');
  const emb = span(results, 'embedded');
  const deepPages = [...new Set(results.runs.map((r) => r.products))]
    .sort((a, b) => a - b)
    .map((n) => `${count(Math.ceil(Math.ceil(n / s.limit) / 2))} of ${count(n)}`)
    .join(', ');
  const out = [
    SCALE_START,
    `## Scale: ${s.sizes.map(count).join(', ')} products`,
    '',
    `Measured by \`npm run bench:scale\` on ${results.date.slice(0, 16).replace('T', ' ')} UTC (${Math.round(results.seconds / 60)} min). Machine (from /proc): ${m.cpu}, ${m.cores} logical CPUs, ${m.memoryGB} GB RAM; ${m.kernel}; Node ${m.node}${m.postgres ? `; PostgreSQL ${m.postgres} (a throw-away cluster on the same machine, fsync on, default settings: 128 MB shared buffers)` : ''}. The servers, PostgreSQL and the load generator share these ${m.cores} CPUs, and the machine is shared with other work, so absolute numbers move between runs; compare the ratios within one run, and CPU per request (which waiting for a busy CPU does not inflate) more than latency.${loadText(results)} Raw numbers: \`docs/performance-scale.json\`.`,
    '',
    `Server code measured: ${codeText(results)}.`,
    '',
    `Each server is started as production starts it (\`node --import tsx server/index.ts\`, LOG=0), on the seed generator's catalogue at that size: **embedded** (the default, PostgreSQL in the server's process through PGlite) with \`DATA_DIR\` on a data folder made by \`npm run db:import\` from the generated db.json (then ANALYZE), started on that existing folder with \`READ_CACHE=off\`, so that every read runs its statements as one the read cache has not seen does (by default the same read asked again is answered from memory until the next write, whatever the catalogue's size: docs/operations.md); **postgres** with \`DATABASE_URL\` (the default pool of ${s.pgPoolSize} connections) on a database seeded by COPY (\`npm run seed -- --database-url\`). ${count(1000)} products spread over the catalogue (without options or a minimum order quantity above 1, so that a cart line of one needs no choice) get a huge stock so orders never run out. Requests, with a signed-in shopper's session cookie, as the storefront sends them (${s.limit} a page):`,
    '',
    `- **filtered sorted page**: \`GET /api/products?category=${s.category}&_sort=price&_order=asc&_page=2&_limit=${s.limit}&deleted_ne=true\` (one of 12 equal categories, "Price: Low to High", page 2, without deleted products);`,
    `- **deep page**: \`GET /api/products?_page=<middle>&_limit=${s.limit}\`, the middle page of the whole catalogue (page ${deepPages});`,
    `- **filtered deep pages**: each sort the storefront offers (${DEEP_FILTERED.filter((c) => c.filter === 'brand').map((c) => `"${c.sort.name}": \`_sort=${c.sort.sort}&_order=${c.sort.order}\``).join(', ')}) within a category and within a brand, at pages ${DEEP_FILTERED_PAGES[0]}–${DEEP_FILTERED_PAGES[DEEP_FILTERED_PAGES.length - 1]}, one page after another across requests, as a shopper's listing sends them (no \`deleted_ne\`): \`GET /api/products?category=${SCALE_DEEP_CATEGORY}&_sort=rating&_order=desc&_page=<20–24>&_limit=${s.limit}\` and \`brand=${SCALE_DEEP_BRAND.replace(/ /g, '+')}&…\` (${SCALE_DEEP_BRAND}: one of the shoes category's two brands);`,
    `- **q search**: \`_page=1&_limit=${s.limit}&q=${s.search.replace(/ /g, '+')}\` (a product line, in titles and descriptions) and \`q=${s.broadSearch}\` (a broad word: every laptop's category);`,
    '- **typo search**: `_page=1&_limit=15&search=runing+sheos`, the shop\'s own search (as the storefront\'s search box sends it) mistyped: it finds nothing as typed, is corrected to "running shoes" from the search vocabulary, and that is searched and ranked;',
    '- **product by id**: `GET /api/products/<id>`, random ids across the catalogue (the same sequence on both engines);',
    `- **GET /orders/own**: the demo shopper (user@shop.test), who has ${ownOrders(results)} orders of 1–3 lines from the seed;`,
    `- **POST /orders**: each run of it adds a product (random among the big-stock ones) to the cart (\`POST /api/cart\`, not timed), then orders the cart's line as the checkout does (JSON, same-origin \`Origin\`, an \`Idempotency-Key\`); 64 shoppers, none used by two connections at once.`,
    '',
    'How many products match:',
    '',
    matchesText(results),
    '',
    'On a catalogue of more than 20,000 products, a `q` search the planner expects to match more than 500 products reads only its page, and its X-Total-Count is the planner\'s estimate (asked of it once per search and 30 s), marked `X-Total-Count-Estimated: true` (exact when the page ends the list; `server/modules/catalogue/pg/search.ts`). Every count on a catalogue of up to 20,000 products is exact, as json-server\'s.',
    '',
    `One at a time: 1 connection, after 3 warm-up requests, up to ${s.sequentialMax} requests or ${s.sequentialS} s (at least 10 requests). ${s.connections} connections: autocannon for ${s.durationS} s, longer when one request is slow (up to 90 s, so every connection gets answers); requests still unanswered when it stops are counted but not in the percentiles. Every answer's status is checked (failures are shown in bold; there were ${results.runs.some((r) => r.cases.some((c) => c.one.failures + c.fifty.failures > 0)) ? 'some' : 'none'}).`,
    '',
  ];
  if (verdicts.length) {
    out.push(
      `### Targets (PostgreSQL ${pg ? `${count(pg[0].products)} → ${count(pg[1].products)}` : ''}, embedded ${emb ? `${count(emb[0].products)} → ${count(emb[1].products)}` : '–'}; one at a time unless said)`,
      '',
      table(['target', 'measured', 'verdict'], verdicts.map((v) => [v.target, v.result, v.met ? 'met' : '**missed**'])),
      '',
    );
  }
  if (before) {
    out.push(
      '### Before and after',
      '',
      `The same bench on the server code of the \`before\` run (${codeOf(before)}) and of this one (${codeOf(results)}); one at a time unless said. The machine's load differs between the two runs, so small differences mean nothing.`,
      '',
      compareText(before, results),
    );
  }
  out.push(
    '### One at a time: p50 / p95 ms',
    '',
    latencyTable(results, 'one') + notLoaded(results),
    '',
    `### ${s.connections} connections: p50 / p95 ms, answers per second`,
    '',
    latencyTable(results, 'fifty'),
    '',
    '### Server CPU per request (ms)',
    '',
    'User + system CPU time from /proc over each run, divided by the answers: the Node process, plus (on PostgreSQL) every process of the cluster (backends, and background work such as autovacuum and the WAL writer). One at a time · at 50 connections.',
    '',
    cpuTable(results),
    '',
    '### Memory and start',
    '',
    `Start: from spawning the server to its first answer, on a data folder or database that already holds the catalogue.${before?.runs.some((r) => r.engine === 'json') ? ` The \`before\` rows are the json engine, the default before the embedded PostgreSQL, which read the whole catalogue from db.json into memory at start (measured by the \`before\` run).` : ''}`,
    '',
    memoryTable(results, before),
    '',
    ...(results.ceiling ? ['### The largest catalogue the json adapter can load', '', ceilingText(results), ''] : []),
    '### What an order\'s stock decrement costs on PostgreSQL',
    '',
    decrementText(results),
    '',
    explainText(results, verdicts),
    SCALE_END,
  );
  return out.join('\n');
}

/** `markdown` with its scale section replaced by `section` (inserted before "## How to reproduce", else appended). */
export function spliceScale(markdown: string, section: string): string {
  const start = markdown.indexOf(SCALE_START);
  const end = markdown.indexOf(SCALE_END);
  if (start >= 0 && end > start) return markdown.slice(0, start) + section + markdown.slice(end + SCALE_END.length);
  const before = markdown.indexOf('\n## How to reproduce');
  if (before >= 0) return `${markdown.slice(0, before + 1)}${section}\n\n${markdown.slice(before + 1)}`;
  return `${markdown.replace(/\n*$/, '\n\n')}${section}\n`;
}
