// The order Vitest starts test files in: the slowest first (their times in durations.json, kept by
// `npm run test:durations`), so no long file starts last and runs alone while the other worker
// idles. Vitest's own order needs the times of an earlier run on this machine (its cache), which a
// fresh clone in CI does not have; without them it starts the largest files first, and the
// slowest files here are three-line parts of the reliability suites. Files not listed yet (new
// ones) start first, largest first, as Vitest would.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const DURATIONS_FILE = fileURLToPath(new URL('durations.json', import.meta.url));

/** "project:path" → seconds, as the last `npm run test:durations` saw them. */
export function knownDurations(): Record<string, number> {
  return existsSync(DURATIONS_FILE) ? (JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>) : {};
}

/** Unknown files first (largest first), then the known ones, slowest first; a stable order otherwise. */
export function byDuration<T>(files: readonly T[], key: (file: T) => string, size: (file: T) => number, known: Record<string, number>): T[] {
  const rank = (file: T) => {
    const seconds = known[key(file)];
    return seconds === undefined ? { unknown: 1, weight: size(file) } : { unknown: 0, weight: seconds };
  };
  return [...files]
    .map((file, i) => ({ file, i, ...rank(file) }))
    .sort((a, b) => b.unknown - a.unknown || b.weight - a.weight || a.i - b.i)
    .map((r) => r.file);
}

export default class DurationSequencer extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const known = knownDurations();
    const key = (spec: TestSpecification) => `${spec.project.name}:${path.relative(root, spec.moduleId).split(path.sep).join('/')}`;
    const size = (spec: TestSpecification) => (existsSync(spec.moduleId) ? statSync(spec.moduleId).size : 0);
    // Projects one after another, as Vitest runs them; by duration within each.
    const projects = [...new Set(files.map((f) => f.project.name))].sort();
    return projects.flatMap((name) => byDuration(files.filter((f) => f.project.name === name), key, size, known));
  }
}
