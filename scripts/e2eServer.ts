// Playwright's web server: a fresh data file (copied from the seed) for every run, then the
// normal server (PORT and DATA_FILE come from playwright.config.ts).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dataFile = path.resolve(ROOT, process.env.DATA_FILE ?? '.data/e2e-db.json');
process.env.DATA_FILE = dataFile;
// Request lines would drown Playwright's output; LOG=1 brings them back.
process.env.LOG ??= '0';
rmSync(dataFile, { force: true });

await import('../server/index.ts');
