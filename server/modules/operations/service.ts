// Readiness: whether this instance can serve (GET /health/ready). Ready when the database answers
// a trivial statement, its schema has every migration of this build (server/db/migrate.ts), and
// the mail worker runs — when the app was told one should (AppOptions.mailWorker: the server
// passes the worker it starts with SMTP_URL). Without SMTP_URL no worker runs by design (mail
// waits in the outbox): `not configured` is ready. Tests pass no worker: the same.
import type { OperationsStore } from '../../db/port';

/** What the app knows of the mail worker: the server's MailWorker (server/modules/mail/worker.ts). */
export interface WorkerState {
  readonly running: boolean;
}

export type DatabaseCheck = 'ok' | 'down';
export type MigrationsCheck = 'ok' | 'pending' | 'unknown';
export type MailCheck = 'ok' | 'not running' | 'not configured';

export interface Readiness {
  ready: boolean;
  checks: { database: DatabaseCheck; migrations: MigrationsCheck; mail: MailCheck };
  /** The migrations not applied, when some are pending. */
  pendingMigrations?: string[];
}

/** How long the database may take to answer the check before it counts as down. */
export const READY_TIMEOUT_MS = 2000;

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export class OperationsService {
  constructor(
    private readonly store: OperationsStore,
    /** undefined: no worker should run here. */
    private readonly worker: WorkerState | undefined,
    private readonly timeoutMs = READY_TIMEOUT_MS,
  ) {}

  async readiness(): Promise<Readiness> {
    const mail: MailCheck = !this.worker ? 'not configured' : this.worker.running ? 'ok' : 'not running';
    let database: DatabaseCheck = 'down';
    let pending: string[] | undefined;
    try {
      await within(this.store.ping(), this.timeoutMs);
      database = 'ok';
      // A database without the migrations' record (not this shop's schema) is not ready either: unknown.
      pending = await within(this.store.pendingMigrations(), this.timeoutMs);
    } catch {
      // Not ready: the checks say which part failed.
    }
    const migrations: MigrationsCheck = pending === undefined ? 'unknown' : pending.length > 0 ? 'pending' : 'ok';
    const ready = database === 'ok' && migrations === 'ok' && mail !== 'not running';
    return { ready, checks: { database, migrations, mail }, ...(pending?.length ? { pendingMigrations: pending } : {}) };
  }
}
