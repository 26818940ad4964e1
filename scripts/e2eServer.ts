// Playwright's web server (after `npm run build`): the normal server on a fresh embedded database
// (PORT and DATA_DIR come from playwright.config.ts), and, when E2E_PG_PORT is set, a second one
// on a PostgreSQL server: a throw-away cluster with a fresh database, and, when E2E_SECOND_PORT
// is set, a second one on a fresh embedded database. Each loads db.json when it starts. Which
// journeys run against which: playwright.config.ts.
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

// The other servers start first, side by side: Playwright waits for the in-process server's
// address, and by then they listen.
const others: Promise<void>[] = [];
if (process.env.E2E_PG_PORT) {
  others.push(
    (async () => {
      const cluster = await startCluster({ durable: false });
      const databaseUrl = await createDatabase(cluster.url, 'shop_e2e');
      const server = await startServer({ databaseUrl, port: Number(process.env.E2E_PG_PORT), env: { LOG: process.env.LOG ?? '0', SMTP_URL: catcher.url } });
      console.log(`e2e: the PostgreSQL server's shop at ${server.origin}`);
    })(),
  );
}
if (process.env.E2E_SECOND_PORT) {
  // A second embedded shop, for the second half of the embedded journeys (playwright.config.ts).
  others.push(
    (async () => {
      const secondDir = `${dataDir}-2`;
      rmSync(secondDir, { recursive: true, force: true });
      const server = await startServer({ dataDir: secondDir, port: Number(process.env.E2E_SECOND_PORT), env: { LOG: process.env.LOG ?? '0', SMTP_URL: catcher.url } });
      console.log(`e2e: the second embedded shop at ${server.origin}`);
    })(),
  );
}
// When this process exits (Playwright sends SIGTERM), the child servers are killed and then the
// cluster stopped and removed, by the exit hooks of childServer.ts and cluster.ts.
await Promise.all(others);

await import('../server/index.ts');
