// A Vitest reporter (vite.config.ts) that keeps the suites fast enough for CI: it fails the run,
// naming the file, when one test file takes longer than FILE_LIMIT_S, and records every file's
// time so `npm test` (scripts/test.ts) can list the slowest. How the suites are organised and
// why the limit is what it is: docs/testing.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { TIMES_DIR, type FileTime } from './times';

/** The most one test file may take, in seconds: past it, split the file or share its fixtures. */
export const FILE_LIMIT_S = Number(process.env.TEST_FILE_LIMIT_S ?? 60);

/** The wall time of one file in its worker: environment, imports, set-up and its tests. */
export function fileSeconds(module: TestModule): number {
  const d = module.diagnostic();
  return (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) / 1000;
}

/** The lines that name each file over the limit (none when every file is within it). */
export function overLimit(times: FileTime[], limit = FILE_LIMIT_S): string[] {
  return times
    .filter((t) => t.seconds > limit)
    .sort((a, b) => b.seconds - a.seconds)
    .map((t) => `${t.file} (${t.project}) took ${t.seconds.toFixed(1)} s, over the ${limit} s a test file may take: split it or share its fixtures (docs/testing.md)`);
}

export default class FileTimeGuard implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const root = process.cwd();
    const times: FileTime[] = modules.map((m) => {
      const states = [...m.children.allTests()].map((t) => t.result().state);
      return {
        file: path.relative(root, m.moduleId),
        project: m.project.name,
        seconds: fileSeconds(m),
        passed: states.filter((s) => s === 'passed').length,
        failed: states.filter((s) => s === 'failed').length + (m.state() === 'failed' && !states.includes('failed') ? 1 : 0),
      };
    });
    if (times.length > 0) {
      mkdirSync(TIMES_DIR, { recursive: true });
      const projects = [...new Set(times.map((t) => t.project))].join('+') || 'vitest';
      writeFileSync(path.join(TIMES_DIR, `vitest-${projects}.json`), JSON.stringify(times, null, 1));
    }
    const over = overLimit(times);
    if (over.length > 0) {
      console.error(`\nTest file time guard: ${over.length} file(s) too slow\n${over.map((l) => `  ${l}`).join('\n')}\n`);
      process.exitCode = 1;
    }
  }
}
