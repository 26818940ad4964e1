// The test-time guard and the times npm test prints (tests/timing).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { overLimit } from './fileTimeGuard';
import { byDuration } from './sequencer';
import { playwrightFiles, playwrightProjects, playwrightTimes } from './times';

describe('the file time guard', () => {
  it('names each file over the limit, slowest first, and nothing within it', () => {
    const times = [
      { file: 'tests/a.test.ts', project: 'server', seconds: 61.04 },
      { file: 'tests/b.test.ts', project: 'server', seconds: 60 },
      { file: 'tests/c.test.ts', project: 'server-pg', seconds: 95.5 },
    ];
    expect(overLimit(times, 60)).toEqual([
      'tests/c.test.ts (server-pg) took 95.5 s, over the 60 s a test file may take: split it or share its fixtures (docs/testing.md)',
      'tests/a.test.ts (server) took 61.0 s, over the 60 s a test file may take: split it or share its fixtures (docs/testing.md)',
    ]);
    expect(overLimit(times.slice(1, 2), 60)).toEqual([]);
  });
});

describe("Playwright's report", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-timing-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const result = (start: string, ms: number) => ({ duration: ms, startTime: start });

  it('gives each journey, each project its span and each file its time', () => {
    const report = path.join(dir, 'report.json');
    const spec = (file: string, tests: unknown[]) => ({ file, tests });
    writeFileSync(
      report,
      JSON.stringify({
        suites: [
          {
            file: 'a.spec.ts',
            specs: [spec('a.spec.ts', [{ projectName: 'desktop', status: 'expected', results: [result('2026-01-01T00:00:00.000Z', 4000)] }])],
            suites: [
              {
                specs: [
                  spec('a.spec.ts', [
                    { projectName: 'desktop', status: 'unexpected', results: [result('2026-01-01T00:00:05.000Z', 3000)] },
                    { projectName: 'desktop-pg', status: 'expected', results: [result('2026-01-01T00:00:01.000Z', 2000)] },
                  ]),
                ],
              },
            ],
          },
        ],
      }),
    );
    const journeys = playwrightTimes(report);
    expect(journeys.map((j) => [j.file, j.project, j.seconds, j.status])).toEqual([
      ['tests/e2e/a.spec.ts', 'desktop', 4, 'expected'],
      ['tests/e2e/a.spec.ts', 'desktop', 3, 'unexpected'],
      ['tests/e2e/a.spec.ts', 'desktop-pg', 2, 'expected'],
    ]);
    expect(playwrightProjects(journeys)).toEqual([
      { project: 'desktop', count: 2, span: 8, sum: 7 },
      { project: 'desktop-pg', count: 1, span: 2, sum: 2 },
    ]);
    expect(playwrightFiles(journeys)).toEqual([
      { file: 'tests/e2e/a.spec.ts', project: 'playwright desktop', seconds: 7 },
      { file: 'tests/e2e/a.spec.ts', project: 'playwright desktop-pg', seconds: 2 },
    ]);
    expect(playwrightTimes(path.join(dir, 'none.json'))).toEqual([]);
  });
});

describe('the order test files start in (tests/timing/sequencer.ts)', () => {
  const files = [
    { name: 'server:small-known', size: 900 },
    { name: 'server:new-large', size: 5000 },
    { name: 'server:slow-part', size: 90 },
    { name: 'server:new-small', size: 100 },
    { name: 'server:fast', size: 4000 },
  ];
  const known = { 'server:small-known': 12, 'server:slow-part': 74, 'server:fast': 1.5 };
  const order = (list: typeof files) => byDuration(list, (f) => f.name, (f) => f.size, known).map((f) => f.name);

  it('starts files without a recorded time first, largest first, then the known ones slowest first', () => {
    expect(order(files)).toEqual(['server:new-large', 'server:new-small', 'server:slow-part', 'server:small-known', 'server:fast']);
  });

  it('keeps the given order between files that weigh the same, and leaves its input alone', () => {
    const ties = [
      { name: 'a', size: 10 },
      { name: 'b', size: 10 },
    ];
    expect(byDuration(ties, (f) => f.name, (f) => f.size, {}).map((f) => f.name)).toEqual(['a', 'b']);
    const before = files.map((f) => f.name);
    order(files);
    expect(files.map((f) => f.name)).toEqual(before);
  });
});
