// The test-time guard and the times npm test prints (tests/timing).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { overLimit } from './fileTimeGuard';
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
