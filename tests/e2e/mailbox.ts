// The browser tests' mailbox: scripts/e2eServer.ts runs an SMTP server (tests/api/mailCatcher.ts)
// that both e2e servers (embedded and PostgreSQL) send to, and writes each message it accepts as a
// JSON file in this folder; tests read the messages to an address from there.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CaughtMail } from '../api/mailCatcher';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The mailbox folder of the e2e servers on `port` (playwright.config.ts's E2E_PORT). */
export const mailDir = (port: number | string = process.env.E2E_PORT ?? 4390): string => path.join(ROOT, '.data', `e2e-mail-${port}`);

/** The messages delivered to `to` so far, oldest first. */
export function mailTo(to: string, dir = mailDir()): CaughtMail[] {
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return files
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as CaughtMail)
    .filter((m) => m.recipients.includes(to.toLowerCase()));
}
