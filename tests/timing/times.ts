// Where a test run records how long each test file took (tests/timing/fileTimeGuard.ts for
// Vitest, Playwright's JSON report for the browser journeys), read by scripts/test.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const TIMES_DIR = path.join(ROOT, '.data', 'test-times');
/** Playwright's JSON report: scripts/test.ts points PLAYWRIGHT_JSON_OUTPUT_NAME here. */
export const PLAYWRIGHT_REPORT = path.join(TIMES_DIR, 'playwright.json');

export interface FileTime {
  file: string;
  project: string;
  seconds: number;
  /** Its tests that passed and failed (a file that failed to load counts one failure). */
  passed?: number;
  failed?: number;
}

/** Every Vitest file time recorded in TIMES_DIR. */
export function vitestTimes(): FileTime[] {
  if (!existsSync(TIMES_DIR)) return [];
  return readdirSync(TIMES_DIR)
    .filter((f) => f.startsWith('vitest-') && f.endsWith('.json'))
    .flatMap((f) => JSON.parse(readFileSync(path.join(TIMES_DIR, f), 'utf8')) as FileTime[]);
}

interface PwSpec {
  file: string;
  tests: { projectName: string; status: string; results: { duration: number; startTime: string }[] }[];
}
interface PwSuite {
  file?: string;
  specs?: PwSpec[];
  suites?: PwSuite[];
}

/** One Playwright result: the journey's file, project, start and duration. */
export interface JourneyTime {
  file: string;
  project: string;
  start: number;
  seconds: number;
  /** Playwright's verdict on the journey: expected (passed), unexpected (failed), skipped, flaky. */
  status: string;
}

/** The journeys of Playwright's JSON report (empty when there is none). */
export function playwrightTimes(report = PLAYWRIGHT_REPORT): JourneyTime[] {
  if (!existsSync(report)) return [];
  const json = JSON.parse(readFileSync(report, 'utf8')) as { suites?: PwSuite[] };
  const out: JourneyTime[] = [];
  const walk = (suite: PwSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        for (const r of test.results)
          out.push({ file: path.join('tests/e2e', spec.file), project: test.projectName, start: Date.parse(r.startTime), seconds: r.duration / 1000, status: test.status });
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of json.suites ?? []) walk(suite);
  return out;
}

/** Per project: its journeys' wall span (first start to last end) and their summed time. */
export function playwrightProjects(journeys: JourneyTime[]): { project: string; count: number; span: number; sum: number }[] {
  const by = new Map<string, JourneyTime[]>();
  for (const j of journeys) by.set(j.project, [...(by.get(j.project) ?? []), j]);
  return [...by].map(([project, list]) => {
    const start = Math.min(...list.map((j) => j.start));
    const end = Math.max(...list.map((j) => j.start + j.seconds * 1000));
    return { project, count: list.length, span: (end - start) / 1000, sum: list.reduce((a, j) => a + j.seconds, 0) };
  });
}

/** Per file and project: the summed time of its journeys. */
export function playwrightFiles(journeys: JourneyTime[]): FileTime[] {
  const by = new Map<string, FileTime>();
  for (const j of journeys) {
    const key = `${j.file} ${j.project}`;
    const t = by.get(key) ?? { file: j.file, project: `playwright ${j.project}`, seconds: 0 };
    t.seconds += j.seconds;
    by.set(key, t);
  }
  return [...by.values()];
}
