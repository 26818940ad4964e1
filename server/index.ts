// Starts the server: the API under /api and the built app (dist/) at /, on localhost only.
// Environment:
//   PORT            8080
//   DATA_DIR        .data/shop: the embedded database's folder (PostgreSQL in this process); made
//                   and loaded from db.json on the first start. One process per folder.
//   DATABASE_URL    postgres://… : a PostgreSQL server instead (schema created or migrated, db.json
//                   loaded into an empty database); DATA_DIR is then unused. Several instances
//                   may share it.
//   SEED_FILE       db.json: what a new database is loaded with
//   READ_CACHE      embedded only: `off` answers every read from the database, not from memory
//                   (modules/catalogue/pg/readCache.ts; on by default)
//   SESSION_SECRET  cookie-signing secret; else one made once and kept in the database (shared
//                   by every instance on it)
//   PG_POOL_SIZE    connections per instance (10)
//   TRUST_PROXY     behind a reverse proxy: which proxies' X-Forwarded-For to believe (Express's
//                   `trust proxy`: a hop count, `loopback`, or addresses/subnets); unset: none
//   HOST            127.0.0.1 (and ::1); set 0.0.0.0 only behind a firewall or proxy
//   SMTP_URL        smtp://host:port (or smtps://user:pass@host): where the mail worker sends the
//                   outbox; unset: messages stay in the outbox, unsent (the back office lists them)
//   MAIL_FROM       the From of every message (Shop <no-reply@shop.test>)
//   MAIL_LEASE_SECONDS  a mail worker's claim on a message (120; renewed while a send lasts)
//   SMTP_CONNECTION_TIMEOUT_SECONDS, SMTP_GREETING_TIMEOUT_SECONDS, SMTP_SOCKET_TIMEOUT_SECONDS
//                   nodemailer's waits (30, 30, 60): well under the lease
//   PUBLIC_URL      the shop's public address, for links in mail (else http://localhost:PORT)
//   LOG_LEVEL       info: the least a JSON log line on stdout must be (fatal, error, warn, info,
//                   debug, trace, silent); LOG=0 turns logging off
//   METRICS_TOKEN   GET /metrics asks for `Authorization: Bearer <token>`; unset: served to
//                   requests from this machine only
//   WEBHOOKS_ALLOW_PRIVATE  1: webhook endpoints may be private, loopback or link-local addresses
//                   (a receiver on this machine or network); unset: refused
//   STAFF_REQUIRE_2FA  1: staff must turn on two-factor sign-in before the back office answers
//                   them (every staff route: 403 until then); 0 or unset: optional for everyone
import http from 'node:http';
import path from 'node:path';
import { createApp, DEFAULT_DATA_DIR, DEFAULT_SEED_FILE, ROOT } from './app';
import { mailConfigFromEnv, type MailConfig } from './http/config';
import { workerFromConfig } from './modules/mail/worker';
import { createLogger, type Logger } from './modules/operations/logging';
import { WebhookWorker } from './modules/webhooks/worker';
import { REMINDER_SWEEP_EVERY_MS } from './modules/accounts/membership';
import { allowPrivateFromEnv } from './modules/webhooks/service';
import { openStore } from './db/open';
import type { PgStore } from './db/pgStore';
import { answerClientErrors } from './http/clientErrors';

const port = Number(process.env.PORT ?? 8080);
const databaseUrl = process.env.DATABASE_URL || undefined;
const seedFile = process.env.SEED_FILE ? path.resolve(ROOT, process.env.SEED_FILE) : DEFAULT_SEED_FILE;
const dataDir = process.env.DATA_DIR ? path.resolve(ROOT, process.env.DATA_DIR) : DEFAULT_DATA_DIR;

/** The URL without its password, for messages. */
function shown(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(an invalid URL)';
  }
}

/** A path relative to the project when it is inside it. */
function shownPath(file: string): string {
  const relative = path.relative(ROOT, file);
  return relative.startsWith('..') ? file : relative;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function poolSize(): number {
  const value = process.env.PG_POOL_SIZE ?? '10';
  if (!/^[1-9]\d{0,3}$/.test(value)) fail(`PG_POOL_SIZE must be a whole number from 1 to 9999, not "${value}"`);
  return Number(value);
}

/** TRUST_PROXY as Express takes it: a hop count, or the text (`loopback`, addresses, subnets). */
function trustProxy(): number | string | undefined {
  const value = process.env.TRUST_PROXY?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  if (value === 'true') fail('TRUST_PROXY=true would believe any client that claims an address; name the proxy (e.g. loopback) or a hop count');
  return value;
}

/** STAFF_REQUIRE_2FA: 1 or 0 (unset: 0). */
function staffRequire2fa(): boolean {
  const value = (process.env.STAFF_REQUIRE_2FA ?? '').trim();
  if (value === '' || value === '0') return false;
  if (value === '1') return true;
  fail(`STAFF_REQUIRE_2FA must be 1 or 0, not ${JSON.stringify(value)}`);
}

let mailConfig: MailConfig;
try {
  mailConfig = mailConfigFromEnv();
} catch (err) {
  fail((err as Error).message);
}

/** READ_CACHE: on (the default) or off. */
function readCacheSetting(): boolean {
  const value = (process.env.READ_CACHE ?? 'on').trim().toLowerCase();
  if (value === 'on' || value === '') return true;
  if (value === 'off') return false;
  fail(`READ_CACHE must be on or off, not ${shown(value)}`);
}

let store: PgStore;
if (databaseUrl) {
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) fail(`DATABASE_URL must be a postgres:// URL, not ${shown(databaseUrl)}`);
  try {
    store = await openStore({ url: databaseUrl, seedFile, max: poolSize() });
  } catch (err) {
    fail(`Cannot use the database at ${shown(databaseUrl)}: ${(err as Error).message}`);
  }
} else {
  try {
    store = await openStore({ dataDir, seedFile, readCache: readCacheSetting() });
  } catch (err) {
    fail(`Cannot open the data folder ${shownPath(dataDir)}: ${(err as Error).message}`);
  }
}

let logger: Logger | undefined;
try {
  logger = process.env.LOG === '0' ? undefined : createLogger();
} catch (err) {
  fail((err as Error).message);
}
/** A line of the log (JSON on stdout), or of the console when logging is off. */
const note = (fields: Record<string, unknown>, message: string) => (logger ? logger.info(fields, message) : console.log(message));

// The mail worker delivers the outbox (with SMTP_URL only; each instance runs one, and leases
// with an owner keep them from sending a message twice). Started once the server listens; the
// readiness check (GET /health/ready) watches it.
const mailWorker = workerFromConfig(store, mailConfig, {
  log: (line) => (logger ? logger.warn({ event: 'mail failed' }, line) : console.error(line)),
  onRound: (round) => {
    if (round.sent.length > 0) logger?.info({ event: 'mail sent', ids: round.sent }, 'mail sent');
  },
});

let app: ReturnType<typeof createApp>['app'];
let services: ReturnType<typeof createApp>['services'];
let operations: ReturnType<typeof createApp>['operations'];
try {
  ({ app, services, operations } = createApp({
    store,
    staticDir: path.join(ROOT, 'dist'),
    secret: process.env.SESSION_SECRET || (await store.sharedSecret()),
    logger: logger ?? false,
    mailWorker,
    trustProxy: trustProxy(),
    mailLinkBase: `http://localhost:${port}`,
    mailHeld: !mailConfig.smtpUrl,
    staffRequire2fa: staffRequire2fa(),
  }));
  operations.metrics.collectProcessMetrics();
} catch (err) {
  fail(`Cannot start: ${(err as Error).message}`);
}

// A product import this process (or, on a shared database, an instance idle for minutes) left
// unfinished is undone before anyone is served: none of its products stay (importJobs.ts).
try {
  const undone = await services.catalogue.sweepImports(databaseUrl ? undefined : 0);
  if (undone > 0) note({ event: 'imports undone', undone }, `Undid ${undone} product import(s) left unfinished: none of their products were kept`);
} catch (err) {
  fail(`Cannot undo an unfinished product import: ${(err as Error).message}`);
}

/** How long an idle keep-alive connection stays open (see listen). */
const KEEP_ALIVE_MS = 65_000;

// Both loopback addresses, so http://localhost works whichever one the client resolves first.
const servers: http.Server[] = [];
function listen(host: string, required: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(app);
    // A client keeps an idle connection to send its next request on; if the server closes it at
    // that moment, the request fails (ECONNRESET). Node closes idle connections after 5 s; a
    // minute and more, longer than proxies' and load balancers' usual 60 s, leaves the closing to
    // them (headers must have their own, longer, timeout).
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1000;
    answerClientErrors(server);
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (!required && ['EADDRNOTAVAIL', 'EAFNOSUPPORT', 'EINVAL'].includes(err.code ?? '')) resolve();
      else reject(err);
    });
    server.listen(port, host, () => {
      servers.push(server);
      resolve();
    });
  });
}

try {
  if (process.env.HOST) {
    await listen(process.env.HOST, true);
  } else {
    await listen('127.0.0.1', true);
    await listen('::1', false);
  }
} catch (err) {
  const e = err as NodeJS.ErrnoException;
  fail(e.code === 'EADDRINUSE' ? `Port ${port} is already in use; set PORT to another one.` : String(e));
}

// Card operations a stopped instance left pending are finished with their own keys (never twice).
services.orders.sweepPayments().catch((err) => (logger ? logger.error({ err }, 'payment sweep failed') : console.error(`Payment sweep: ${(err as Error).message}`)));

// Without a mail server, what waits is held (and says so); with one, what an earlier run held goes out.
const moved = await services.mail.holdOrRelease().catch(() => 0);
mailWorker?.start();
// The webhook worker posts the queued events (each instance runs one; leases keep two from
// posting the same attempt).
const webhookWorker = new WebhookWorker(store, {
  allowPrivate: allowPrivateFromEnv(),
  log: (line) => (logger ? logger.warn({ event: 'webhook failed' }, line) : console.error(line)),
  onRound: (round) => operations.webhookRound(round),
});
webhookWorker.start();
// Membership reminders: at start and then hourly, each renewing member whose paid term ends within
// 14 days is mailed once (through the outbox; a guarded update keeps instances from mailing twice).
const remindMembers = () =>
  services.membership.sendReminders().catch((err) => (logger ? logger.error({ err }, 'membership reminders failed') : console.error(`Membership reminders: ${(err as Error).message}`)));
void remindMembers();
const reminders = setInterval(() => void remindMembers(), REMINDER_SWEEP_EVERY_MS);
reminders.unref();
const database = databaseUrl ? shown(databaseUrl) : `embedded PostgreSQL in ${shownPath(dataDir)}`;
const mail = mailWorker
  ? `sent to ${shown(mailConfig.smtpUrl!)}${moved > 0 ? ` (${moved} held message${moved === 1 ? '' : 's'} now sent)` : ''}`
  : 'not sent, no mail server is configured (set SMTP_URL): messages are held in the outbox, shown at /admin/emails';
const twoFactor = process.env.STAFF_REQUIRE_2FA?.trim() === '1' ? 'required for the back office (STAFF_REQUIRE_2FA=1)' : 'optional';
note({ event: 'server start', url: `http://localhost:${port}`, database, mail, twoFactor }, `Shop running at http://localhost:${port}  (API at http://localhost:${port}/api)`);
if (!logger) {
  console.log(`Database: ${database}`);
  console.log(`Mail: ${mail}`);
  console.log(`Two-factor sign-in: ${twoFactor}`);
}
// No password in a log line, not even the demo's: the README lists them.
note({ event: 'demo accounts' }, 'Demo accounts: admin@shop.test (admin), user@shop.test (user); passwords in the README');

function stop() {
  note({ event: 'server stop' }, 'Stopping');
  clearInterval(reminders);
  for (const server of servers) server.close();
  const workerStopped = Promise.all([mailWorker?.stop(), webhookWorker.stop()]);
  // Requests in flight finish their statements; then the pool closes (it is not waited for long).
  const closed = workerStopped.then(() => store.close()).catch(() => {});
  void Promise.race([closed, new Promise((r) => setTimeout(r, 2000))]).then(() => process.exit(0));
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
