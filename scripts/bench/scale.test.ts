// The scale bench's pure helpers: /proc parsing, the streaming data-file writer, PostgreSQL log
// parsing, formatting and the markdown splice. No timing here: the bench measures, tests do not.
import { describe, expect, it } from 'vitest';
import { generateSeed, serialize } from '../seed';
import { concurrentDuration, deepPage, failureLine, listRequests } from './scale';
import { serializeChunks, spreadIds } from './scaleData';
import { DEEP_FILTERED, DEEP_FILTERED_KEYS, rotatingPath } from './scaleDeep';
import { mainStatement, parseLogEntries, parseParameters, parsePlans, parseStatements, planOf, segmentLog } from './scalePg';
import { parseCpuinfo, parseKb, parseStat } from './scaleProc';
import type { CaseKey, ScaleResults, SizeRun } from './scale';
import type { RunResult } from './scaleLoad';
import { ms, ratio, SCALE_END, SCALE_START, spliceScale, targets, toScaleFile } from './scaleReport';

describe('/proc parsing', () => {
  it('reads ppid and CPU ticks after the last parenthesis of the command name', () => {
    const line = '4242 (node (tsx) x) S 17 4242 4242 0 -1 4194560 100 0 0 0 1234 56 7 8 20 0 11 0 999 0 0';
    expect(parseStat(line)).toEqual({ pid: 4242, ppid: 17, utime: 1234, stime: 56, cutime: 7, cstime: 8 });
  });

  it('reads kB lines of status and meminfo', () => {
    const status = 'Name:\tnode\nVmHWM:\t  512000 kB\nVmRSS:\t  256000 kB\n';
    expect(parseKb(status, 'VmRSS')).toBe(256000);
    expect(parseKb(status, 'VmHWM')).toBe(512000);
    expect(parseKb(status, 'VmSwap')).toBeUndefined();
    expect(parseKb('MemTotal:       24633428 kB\nMemFree: 1 kB\n', 'MemTotal')).toBe(24633428);
  });

  it('reads the CPU model and counts logical processors', () => {
    const info = 'processor\t: 0\nmodel name\t: AMD EPYC 7B13\n\nprocessor\t: 1\nmodel name\t: AMD EPYC 7B13\n';
    expect(parseCpuinfo(info)).toEqual({ model: 'AMD EPYC 7B13', logical: 2 });
  });
});

describe('data files', () => {
  it('writes exactly what serialize() writes, piece by piece', () => {
    const db = generateSeed({ products: 40 });
    expect([...serializeChunks(db as unknown as Record<string, unknown>)].join('')).toBe(serialize(db));
  });

  it('matches JSON.stringify on empty arrays, nested values and left-out keys', () => {
    const db = { a: [], b: [{ x: [1, { y: 'z' }], e: [] }, null], c: { k: [1] }, d: undefined, n: 0 };
    expect([...serializeChunks(db)].join('')).toBe(`${JSON.stringify(db, null, 2)}\n`);
  });

  it('spreads the big-stock ids over the whole catalogue', () => {
    const ids = spreadIds(1_000_000);
    expect(ids).toHaveLength(1000);
    expect(ids[0]).toBe(501);
    expect(ids[999]).toBe(999_501);
    expect(new Set(ids).size).toBe(1000);
    expect(spreadIds(10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('requests', () => {
  it('asks for the middle page of the catalogue, as the storefront orders its parameters', () => {
    expect(deepPage(1_000_000)).toBe(33_334);
    expect(deepPage(10_000)).toBe(334);
    expect(listRequests(10_000).filtered).toBe('/api/products?category=laptops&_sort=price&_order=asc&_page=2&_limit=15&deleted_ne=true');
    expect(listRequests(10_000).search).toBe('/api/products?_page=1&_limit=15&q=running+shoes');
    expect(listRequests(10_000).searchTypo).toBe('/api/products?_page=1&_limit=15&search=runing+sheos');
  });

  it('asks for every storefront sort within a category and a brand, pages 20 to 24 in turn', () => {
    expect(DEEP_FILTERED_KEYS).toEqual(['deepCategoryRating', 'deepCategoryPriceAsc', 'deepCategoryPriceDesc', 'deepBrandRating', 'deepBrandPriceAsc', 'deepBrandPriceDesc']);
    const brandRating = rotatingPath(DEEP_FILTERED.find((c) => c.key === 'deepBrandRating')!);
    const pages = Array.from({ length: 6 }, () => brandRating());
    expect(pages[0]).toBe('/api/products?brand=Stridewell&_sort=rating&_order=desc&_page=20&_limit=15');
    expect(pages.map((p) => new URLSearchParams(p.split('?')[1]).get('_page'))).toEqual(['20', '21', '22', '23', '24', '20']);
    const categoryLow = rotatingPath(DEEP_FILTERED.find((c) => c.key === 'deepCategoryPriceAsc')!);
    expect(categoryLow()).toBe('/api/products?category=laptops&_sort=salePrice&_order=asc&_page=20&_limit=15');
  });

  it('gives a slow request time to be answered at 50 connections, within bounds', () => {
    expect(concurrentDuration(2, 50, 2, 5)).toBe(5);
    expect(concurrentDuration(1000, 50, 2, 5)).toBe(38);
    expect(concurrentDuration(10_000, 50, 2, 5)).toBe(90);
  });

  it('finds the line that says why a server did not start', () => {
    const message = 'process exited early:\n> tsx\nCannot start: Cannot create a string longer than 0x1fffffe8 characters\n    at x\n';
    expect(failureLine(message)).toBe('Cannot start: Cannot create a string longer than 0x1fffffe8 characters');
    expect(failureLine('something\nlast words')).toBe('last words');
  });
});

describe('PostgreSQL log', () => {
  const log = [
    "2026-11-23 18:43:13.600 UTC [100] LOG:  duration: 0.050 ms  statement: SELECT 'scale-marker:deep:begin'",
    '2026-11-23 18:43:13.644 UTC [21508] LOG:  duration: 0.590 ms  bind <unnamed>: ',
    '\tSELECT id FROM products',
    "2026-11-23 18:43:13.644 UTC [21508] DETAIL:  parameters: $1 = '15'",
    '2026-11-23 18:43:13.659 UTC [21508] LOG:  duration: 15.381 ms  execute <unnamed>: ',
    '\t        SELECT id, (SELECT count(*) FROM products WHERE t LIKE $1) AS total',
    '\t        FROM products WHERE t LIKE $2 LIMIT $3',
    "2026-11-23 18:43:13.659 UTC [21508] DETAIL:  parameters: $1 = '%it''s%', $2 = NULL, $3 = '15'",
    '2026-11-23 18:43:13.660 UTC [21508] LOG:  duration: 0.200 ms  execute <unnamed>: select * from "sessions" where "id" = $1',
    "2026-11-23 18:43:13.660 UTC [21508] DETAIL:  parameters: $1 = 'abc'",
    '2026-11-23 18:43:13.749 UTC [20731] LOG:  received SIGHUP, reloading configuration files',
  ].join('\n');

  it('joins continuation lines to their entry', () => {
    const entries = parseLogEntries(log);
    expect(entries).toHaveLength(8);
    expect(entries[3].message).toContain('FROM products WHERE t LIKE $2 LIMIT $3');
  });

  it('reads parameters, quotes and NULL included', () => {
    expect(parseParameters("parameters: $1 = '%it''s%', $2 = NULL, $3 = '15'")).toEqual(['%it\'s%', null, '15']);
  });

  it('keeps executes and simple statements with their parameters, not binds', () => {
    const statements = parseStatements(log);
    expect(statements.map((s) => s.durationMs)).toEqual([0.05, 15.381, 0.2]);
    expect(statements[1].params).toEqual(['%it\'s%', null, '15']);
    expect(statements[1].sql.startsWith('SELECT id, (SELECT count(*)')).toBe(true);
    expect(mainStatement(statements.slice(1))?.durationMs).toBe(15.381);
  });

  it("finds auto_explain's plan of a statement by its backend and text", () => {
    const withPlan = [
      '2026-11-23 18:43:13.650 UTC [21508] LOG:  duration: 15.100 ms  plan:',
      '\tQuery Text: ',
      '\t        SELECT id FROM products WHERE t LIKE $1',
      '\tLimit  (cost=1.00..2.00 rows=15 width=4) (actual time=0.1..15.0 rows=15 loops=1)',
      '\t  Buffers: shared hit=10',
      '2026-11-23 18:43:13.659 UTC [21508] LOG:  duration: 15.381 ms  execute <unnamed>: ',
      '\t        SELECT id FROM products WHERE t LIKE $1',
      "2026-11-23 18:43:13.659 UTC [21508] DETAIL:  parameters: $1 = '%a%'",
    ].join('\n');
    const [statement] = parseStatements(withPlan);
    const plans = parsePlans(withPlan);
    expect(plans).toHaveLength(1);
    expect(planOf(statement, plans)).toBe('Limit  (cost=1.00..2.00 rows=15 width=4) (actual time=0.1..15.0 rows=15 loops=1)\n  Buffers: shared hit=10');
    expect(planOf({ ...statement, pid: 1 }, plans)).toBeUndefined();
  });

  it('keeps each marked request\'s statements and plans apart, even with the same text', () => {
    const one = (q: string, ms: string) => [
      `2026-11-23 18:43:13.650 UTC [7] LOG:  duration: ${ms} ms  plan:`,
      '\tQuery Text: SELECT id FROM products WHERE t LIKE $1',
      `\tSeq Scan on products (${q})`,
      `2026-11-23 18:43:13.659 UTC [7] LOG:  duration: ${ms} ms  execute <unnamed>: SELECT id FROM products WHERE t LIKE $1`,
      `2026-11-23 18:43:13.659 UTC [7] DETAIL:  parameters: $1 = '%${q}%'`,
    ];
    const marker = (name: string, at: string) => `2026-11-23 18:43:13.600 UTC [9] LOG:  duration: 0.010 ms  statement: SELECT 'scale-marker:${name}:${at}'`;
    const log = [marker('a', 'begin'), ...one('x', '1.0'), marker('a', 'end'), ...one('y', '2.0'), marker('b', 'begin'), ...one('z', '3.0'), marker('b', 'end')].join('\n');
    const segments = segmentLog(log);
    expect(Object.keys(segments)).toEqual(['a', 'b']);
    expect(segments.b.statements.map((s) => s.params)).toEqual([['%z%']]);
    expect(planOf(segments.b.statements[0], segments.b.plans)).toBe('Seq Scan on products (z)');
    expect(planOf(segments.a.statements[0], segments.a.plans)).toBe('Seq Scan on products (x)');
  });
});

describe('report', () => {
  it('formats times and growth', () => {
    expect(ms(0.1234)).toBe('0.12');
    expect(ms(42.36)).toBe('42.4');
    expect(ms(2345.6)).toBe('2,346');
    expect(ms(undefined)).toBe('–');
    expect(ratio(30, 10)).toBe('3.00×');
    expect(ratio(12_345, 10)).toBe('1,235×');
    expect(ratio(1, 0)).toBe('–');
    expect(ratio(5.52, 2267)).toBe('0.0024×');
  });

  it('reads the results file by label, an older single run as the latest', () => {
    const run = { machine: { cpu: 'x' }, runs: [] };
    expect(toScaleFile(run)).toEqual({ runs: { latest: run } });
    expect(toScaleFile({ runs: { before: run } })).toEqual({ runs: { before: run } });
    expect(toScaleFile({})).toEqual({ runs: {} });
  });

  it('replaces the scale section, or puts it before "How to reproduce"', () => {
    const section = `${SCALE_START}\nnew\n${SCALE_END}`;
    const doc = '# P\n\n## A\n\n## How to reproduce\n\nrun it\n';
    const once = spliceScale(doc, section);
    expect(once).toBe(`# P\n\n## A\n\n${section}\n\n## How to reproduce\n\nrun it\n`);
    expect(spliceScale(once, `${SCALE_START}\nnewer\n${SCALE_END}`)).toBe(once.replace('new\n', 'newer\n'));
    expect(spliceScale('# P\n', section)).toBe(`# P\n\n${section}\n`);
  });

  it('holds each engine to p50 growth ≤ 2× and PostgreSQL\'s q search at 50 connections to p95 < 250 ms', () => {
    const result = (p50: number, p95 = p50): RunResult => ({
      connections: 1,
      requests: 10,
      seconds: 1,
      rps: 10,
      latencyMs: { p50, p95, p99: p95, mean: p50, max: p95 } as RunResult['latencyMs'],
      failures: 0,
      statuses: {},
      unanswered: 0,
    });
    const size = (engine: SizeRun['engine'], products: number, search: number, fifty: number): SizeRun => ({
      engine,
      products,
      loaded: true,
      totals: {},
      cases: [
        { key: 'search' as CaseKey, name: 'q search', request: '', one: result(search), fifty: result(fifty, fifty), drainS: 0 },
        { key: 'searchTypo' as CaseKey, name: 'typo search', request: '', one: result(search, search * 5), fifty: result(fifty, fifty), drainS: 0 },
      ],
    });
    const results = {
      settings: { connections: 50 },
      runs: [size('embedded', 10_000, 20, 100), size('embedded', 100_000, 41, 100), size('postgres', 10_000, 10, 50), size('postgres', 1_000_000, 19, 260)],
    } as unknown as ScaleResults;
    const verdicts = Object.fromEntries(targets(results).map((v) => [v.target, v.met]));
    expect(verdicts).toEqual({
      'postgres, q search: p50 at 1,000,000 ≤ 2× p50 at 10,000': true,
      'embedded, q search: p50 at 100,000 ≤ 2× p50 at 10,000': false,
      'postgres, typo search: p50 at 1,000,000 ≤ 2× p50 at 10,000': true,
      'embedded, typo search: p50 at 100,000 ≤ 2× p50 at 10,000': false,
      'postgres, typo search at 1,000,000, one at a time: p95 < 100 ms': true,
      'embedded, typo search at 100,000, one at a time: p95 < 100 ms': false,
      'postgres, q search at 1,000,000, one at a time: well under 50 ms (p95 < 50 ms)': true,
      'postgres, q search at 1,000,000, 50 connections: p95 < 250 ms': false,
    });
  });
});
