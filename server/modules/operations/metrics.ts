// Metrics in Prometheus's text format (prom-client), in a Registry of the app's own (tests make
// many apps; none shares the process-wide default). What is measured:
//  - http_request_duration_seconds{method, route, status}: route is the Express pattern
//    (`/api/products/:id`, `unmatched` when no route answered), status its class (`2xx`);
//  - shop_orders_placed_total, shop_payments_declined_total, shop_logins_failed_total (observe.ts);
//  - shop_outbox_pending, shop_outbox_oldest_pending_age_seconds, shop_webhooks_pending: read from
//    the database at each scrape (through the mail and webhooks services); absent from a scrape
//    when the database cannot answer;
//  - shop_webhook_deliveries_failed_total: webhook attempts this instance made that failed (observe.ts);
//  - shop_db_pool_connections{state="in_use"|"idle"}, shop_db_pool_max_connections,
//    shop_db_pool_waiting_queries: a PostgreSQL server's pool (pg.Pool's counts). The embedded
//    driver is one connection with a queue of its own that nothing exposes: not reported.
// More counters: counter(name, help) (e.g. another module's failures, wired in observe.ts).
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { MailBacklog, PoolUse } from '../../db/port';

/** What the gauges read at a scrape. */
export interface MetricSources {
  backlog(): Promise<MailBacklog>;
  webhooksPending(): Promise<number>;
  poolUse(): Promise<PoolUse | undefined>;
  now(): number;
}

/** Seconds: from 5 ms to 10 s. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const statusClass = (status: number): string => `${Math.floor(status / 100)}xx`;

export class Metrics {
  readonly registry = new Registry();
  private readonly duration: Histogram<'method' | 'route' | 'status'>;
  private backlogRead: Promise<MailBacklog | undefined> | undefined;
  private poolChecked = false;
  /** The pool as text() found it before this scrape's reads. */
  private poolSeen: PoolUse | undefined;

  constructor(private readonly sources: MetricSources) {
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status class',
      labelNames: ['method', 'route', 'status'],
      buckets: BUCKETS,
      registers: [this.registry],
    });
    const backlog = () => this.backlog();
    new Gauge({
      name: 'shop_outbox_pending',
      help: 'Messages in the outbox not sent yet (nor given up)',
      registers: [this.registry],
      async collect() {
        const read = await backlog();
        if (read) this.set(read.pending);
        else this.reset();
      },
    });
    new Gauge({
      name: 'shop_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest message waiting in the outbox (0 when none waits)',
      registers: [this.registry],
      async collect() {
        const read = await backlog();
        if (!read) return this.reset();
        this.set(read.oldestCreatedAt ? Math.max(0, (sources.now() - Date.parse(read.oldestCreatedAt)) / 1000) : 0);
      },
    });
    new Gauge({
      name: 'shop_webhooks_pending',
      help: 'Webhook deliveries waiting to be made (first attempts and retries)',
      registers: [this.registry],
      async collect() {
        const pending = await sources.webhooksPending().catch(() => undefined);
        if (pending === undefined) this.reset();
        else this.set(pending);
      },
    });
  }

  /** A request answered. */
  observe(request: { method: string; route: string; status: number; seconds: number }): void {
    this.duration.observe({ method: request.method, route: request.route, status: statusClass(request.status) }, request.seconds);
  }

  /** A counter of this app's registry (the same one when asked again by name). */
  counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    const known = this.registry.getSingleMetric(name);
    if (known) return known as Counter<L>;
    return new Counter<L>({ name, help, labelNames, registers: [this.registry] });
  }

  /** The process's own metrics (CPU, memory, event loop): the server turns them on; tests, making many apps, do not. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  /** The scrape: Prometheus's text format. */
  async text(): Promise<string> {
    await this.preparePool();
    // The pool as it is before this scrape's own reads (the outbox's, the webhooks') ask it for
    // connections: a query waits a tick for one even when one is idle, so read after them the
    // pool never looked idle.
    this.poolSeen = await this.sources.poolUse().catch(() => undefined);
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The pool's gauges, registered at the first scrape that finds a pool (a PostgreSQL server). */
  private async preparePool(): Promise<void> {
    if (this.poolChecked) return;
    const use = await this.sources.poolUse().catch(() => undefined);
    if (!use) return;
    this.poolChecked = true;
    const read = async () => this.poolSeen;
    new Gauge({
      name: 'shop_db_pool_connections',
      help: 'Open database connections of this instance, in use or idle',
      labelNames: ['state'],
      registers: [this.registry],
      async collect() {
        const now = await read();
        this.reset();
        if (now) {
          this.set({ state: 'in_use' }, now.total - now.idle);
          this.set({ state: 'idle' }, now.idle);
        }
      },
    });
    new Gauge({
      name: 'shop_db_pool_max_connections',
      help: 'The most database connections this instance opens (PG_POOL_SIZE)',
      registers: [this.registry],
      collect: async function (this: Gauge) {
        const now = await read();
        if (now) this.set(now.max);
      },
    });
    new Gauge({
      name: 'shop_db_pool_waiting_queries',
      help: 'Queries waiting for a free database connection',
      registers: [this.registry],
      collect: async function (this: Gauge) {
        const now = await read();
        if (now) this.set(now.waiting);
      },
    });
  }

  /** The outbox's backlog, read once for both gauges of a scrape; undefined when the database cannot answer. */
  private backlog(): Promise<MailBacklog | undefined> {
    this.backlogRead ??= this.sources
      .backlog()
      .catch(() => undefined)
      .finally(() => setImmediate(() => (this.backlogRead = undefined)));
    return this.backlogRead;
  }
}
