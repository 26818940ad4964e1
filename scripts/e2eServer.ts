// Playwright's web server (after `npm run build`): the normal server on a fresh embedded database
// (PORT and DATA_DIR come from playwright.config.ts), and, when E2E_PG_PORT is set, a second one
// on a PostgreSQL server: a throw-away cluster with a fresh database. Both load db.json when the
// server starts on them. The journeys run against both (projects `desktop` and `desktop-pg`).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailCatcher } from '../tests/api/mailCatcher';
import { mailDir } from '../tests/e2e/mailbox';
import { createDatabase, startCluster } from '../tests/pg/cluster';
import { startServer } from '../tests/reliability/childServer';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? '.data/e2e');
process.env.DATA_DIR = dataDir;
// Request lines would drown Playwright's output; LOG=1 brings them back.
process.env.LOG ??= '0';
rmSync(dataDir, { recursive: true, force: true });

// Mail: both servers send to an SMTP server in this process, which files each message in the
// mailbox folder the tests read (tests/e2e/mailbox.ts).
const mailbox = mailDir(process.env.PORT);
rmSync(mailbox, { recursive: true, force: true });
mkdirSync(mailbox, { recursive: true });
let delivered = 0;
const catcher = await startMailCatcher((mail) => {
  writeFileSync(path.join(mailbox, `${String(++delivered).padStart(6, '0')}.json`), JSON.stringify(mail));
});
process.env.SMTP_URL = catcher.url;

if (process.env.E2E_PG_PORT) {
  // Started first: Playwright waits for the embedded server's address, and by then this one listens.
  const cluster = await startCluster({ durable: false });
  const databaseUrl = await createDatabase(cluster.url, 'shop_e2e');
  const server = await startServer({ databaseUrl, port: Number(process.env.E2E_PG_PORT), env: { LOG: process.env.LOG, SMTP_URL: catcher.url } });
  console.log(`e2e: the PostgreSQL server's shop at ${server.origin}`);
  // When this process exits (Playwright sends SIGTERM), the child server is killed and then the
  // cluster stopped and removed, by the exit hooks of childServer.ts and cluster.ts.
}

await import('../server/index.ts');
