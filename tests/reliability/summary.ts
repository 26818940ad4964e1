// Figures of a reliability test file (cases tried, requests sent, faults injected, writes checked,
// writes lost) on one storage engine, written as JSON to $RELIABILITY_SUMMARY_DIR when it is set;
// scripts/reliabilityReport.ts renders them, per engine, into docs/reliability.md. No vitest
// imports: Playwright uses this too.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SUMMARY_DIR_ENV = 'RELIABILITY_SUMMARY_DIR';

/** The storage engine a run tests (TEST_ENGINE, as tests/api/fixtures.ts reads it). */
export const RUN_ENGINE: 'embedded' | 'postgres' = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'embedded';

export interface Figures {
  /** Short name of the area, e.g. "Bad input catalogue". */
  area: string;
  /** The storage engine the server ran on. */
  engine: 'embedded' | 'postgres';
  /** Distinct cases (inputs, matrix cells, scenarios) tried. */
  cases: number;
  /** HTTP requests sent. */
  requests: number;
  /** Faults injected (SIGKILLs, stopped servers, tampered cookies ...). */
  faults: number;
  /** Acknowledged writes checked afterwards. */
  writesChecked: number;
  /** Acknowledged writes missing afterwards (must be 0). */
  writesLost: number;
  /** Free-form lines shown under the table. */
  notes: string[];
}

export function newFigures(area: string): Figures {
  return { area, engine: RUN_ENGINE, cases: 0, requests: 0, faults: 0, writesChecked: 0, writesLost: 0, notes: [] };
}

/**
 * Writes `figures` to $RELIABILITY_SUMMARY_DIR/<file>.<engine>[.<part>].json (no-op when the
 * variable is unset). A suite split over several test files (to run side by side) saves one part
 * per file; mergeFigures adds them up.
 */
export function saveFigures(file: string, figures: Figures, part?: number): void {
  const dir = process.env[SUMMARY_DIR_ENV];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${file}.${figures.engine}${part ? `.${part}` : ''}.json`), JSON.stringify(figures, null, 2) + '\n');
}

/** The parts of one area on one engine as one: the counts added up, each note once. */
export function mergeFigures(parts: Figures[]): Figures {
  const [first, ...rest] = parts;
  const merged: Figures = { ...first, notes: [...first.notes] };
  for (const p of rest) {
    merged.cases += p.cases;
    merged.requests += p.requests;
    merged.faults += p.faults;
    merged.writesChecked += p.writesChecked;
    merged.writesLost += p.writesLost;
    for (const note of p.notes) if (!merged.notes.includes(note)) merged.notes.push(note);
  }
  return merged;
}

/** Deterministic PRNG (mulberry32): the same seed gives the same run. */
export { mulberry32 as prng } from '../../scripts/random';

/** An integer in [min, max] from `random`. */
export const between = (random: () => number, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));
