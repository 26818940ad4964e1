// The embedded engine's statements, each prepared once. PGlite's query() sends a statement as
// six messages, each a call into its WebAssembly PostgreSQL (parse, describe the statement, bind,
// describe the portal, execute, sync), and the parse and analysis run on every call. The app
// sends a few hundred different statements, each many times; so a statement seen a second time is
// prepared under a name (parse and describe once), and from then on each run is bind, execute and
// sync in one call. Measured on a 10,000-product data folder: a product read by id costs a fifth
// of the CPU it did, a session lookup two thirds (docs/performance.md, "Placing an order").
//
// Plans are PostgreSQL's own choice for a prepared statement (plan_cache_mode left at auto, as on
// a PostgreSQL server): its first five runs are planned for their parameters, later ones take a
// generic plan, made once, when PostgreSQL estimates it no costlier than those (a statement whose
// best plan depends on its values, a LIMIT or a search's pattern, keeps being planned for them).
// A generic plan cannot match a partial index whose predicate is a parameter, so ON CONFLICT
// names such an index by a literal predicate (the payments' one pending per order). Planning
// every run instead (force_custom_plan, until 2026-11-29) also planned anew every foreign key's
// check and every trigger's statement, which PostgreSQL prepares the same way: adding to the cart
// planned a lookup of products, whose 21 indexes PGlite's file system is asked the size of one
// by one, and the cart's writes cost half again as much CPU (docs/performance.md, "Plans kept").
// A generic plan is made for the tables' sizes at the time and kept until a table's definition
// or statistics change; on a server autovacuum's ANALYZE renews them as tables grow, the embedded
// engine has none. So once a minute (REPLAN_MS) every plan of the session is let go (DISCARD
// PLANS: the foreign keys' and triggers' too) and made again at its next run: a table that was
// tiny when a plan was made (a sequential scan) is read by its index once it has grown.
// BEGIN and COMMIT are prepared too (PGlite's query() copies its parsers of every type of the
// database for each answer, 7 % of an order's CPU; a prepared statement's answer is parsed
// with its own columns' parsers only).
// Any other statement but SET, SHOW, EXPLAIN, ANALYZE and LOCK (DDL, above all) makes every
// prepared statement be prepared again, and so does the end of the transaction it ran in (a
// rollback undoes it), so a changed table is never read through an old description of its
// columns. Only queries the Kysely dialect sends (no options) take this path.
//
// Every statement waits for a turn of the event loop before it runs. PGlite runs a statement in
// this thread and its promise settles without one, so without it a whole request (and the
// requests queued behind it for the one connection) ran in one turn: while the shop was busy,
// Node read no new request and accepted about one new connection per turn, so under load a
// shopper who had just connected waited seconds (p99 4-6 s for orders at 50 connections) while
// the connections already read were served again and again. With a turn per statement, requests
// are read as they come and take the connection in the order they asked for it
// (docs/performance.md, "Orders at 50 connections: waiting in turn").
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse, protocol, type messages, type PGlite, type Results } from '@electric-sql/pglite';

type BackendMessage = messages.BackendMessage;
type RowDescriptionMessage = messages.RowDescriptionMessage;
type ParameterDescriptionMessage = messages.ParameterDescriptionMessage;
type Parser = PGlite['parsers'][number];

type Options = Parameters<PGlite['query']>[2];

/** Statements kept prepared, and texts remembered as seen once (each forgotten whole when full). */
const PREPARED = 1000;
const SEEN = 5000;
/** How often the session's plans are let go, to be made again for the tables as they are now. */
const REPLAN_MS = 60_000;

/** The statements that are prepared: queries and a transaction's control. */
const PREPARES = /^\s*\(?\s*(?:select|insert|update|delete|with|begin|start|commit|end|abort|rollback|savepoint|release)\b/i;
/** Session settings, plans, statistics and locks: like the above, they change no table's shape. */
const KEEPS = /^\s*(?:set|show|values|explain|analyze|lock)\b/i;
/** The end of a transaction (or of a savepoint's part of it), which may undo DDL. */
const ENDS = /^\s*(?:commit|end|abort|rollback)\b/i;
/** PostgreSQL's answer when a table a prepared statement reads changed shape under it. */
const RESULT_TYPE_CHANGED = '0A000';

interface Statement {
  name: string;
  /** Its parameters' types, for PGlite's serializers. */
  types: number[];
  /** Its rows' description (undefined when it returns no rows). */
  fields?: RowDescriptionMessage;
  /**
   * PGlite's parsers of its columns' types. parseResults copies the parsers it is given on every
   * call, and PGlite's own hold every type of the database (7 % of an order's CPU).
   */
  parsers: Record<number, Parser>;
}

export interface PreparedStats {
  /** Runs of a prepared statement. */
  prepared: number;
  /** Statements sent as PGlite's query() sends them. */
  plain: number;
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** PGlite's query and close (what kysely-pglite-dialect calls), repeated statements prepared. */
export class PreparedClient implements Pick<PGlite, 'query' | 'close'> {
  private readonly statements = new Map<string, Statement>();
  private readonly seen = new Set<string>();
  private names = 0;
  /** Forgotten statements, closed (deallocated) with the next statement sent. */
  private closing: string[] = [];
  /** DDL ran in the open transaction: its end (a rollback undoes it) forgets the statements again. */
  private changedSchema = false;
  private readonly counts: PreparedStats = { prepared: 0, plain: 0 };
  /** Statements sent and not answered yet, which close() waits for. */
  private readonly underWay = new Set<Promise<unknown>>();
  private shuttingDown = false;

  /** When the session's plans are next let go (replanIfDue). */
  private replanAt: number;

  constructor(
    private readonly client: PGlite,
    private readonly replanEveryMs = REPLAN_MS,
  ) {
    this.replanAt = Date.now() + replanEveryMs;
  }

  stats(): PreparedStats {
    return { ...this.counts };
  }

  /**
   * Closes PGlite once the statements under way have ended; a statement still waiting for its
   * turn is refused. A statement run on a closed PGlite never returns (its main loop waits for
   * input forever), and PGlite's own check is skipped by the prepared path.
   */
  async close(): Promise<void> {
    this.shuttingDown = true;
    await Promise.allSettled([...this.underWay]);
    return this.client.close();
  }

  async query<T>(sql: string, params: unknown[] = [], options?: Options): Promise<Results<T>> {
    await nextTurn();
    if (this.shuttingDown || !this.client.ready) throw new Error('PGlite is closed');
    const answer = this.replanIfDue().then(() => this.send<T>(sql, params, options));
    this.underWay.add(answer);
    try {
      return await answer;
    } finally {
      this.underWay.delete(answer);
    }
  }

  /** Lets every plan of the session go when REPLAN_MS have passed since the last time. */
  private async replanIfDue(): Promise<void> {
    const now = Date.now();
    if (now < this.replanAt) return;
    this.replanAt = now + this.replanEveryMs;
    // Refused only in a transaction an error has ended (until its rollback): tried again next time.
    await this.client.exec('DISCARD PLANS').catch(() => {});
  }

  private send<T>(sql: string, params: unknown[], options?: Options): Promise<Results<T>> {
    const preparable = PREPARES.test(sql);
    if (!preparable && !KEEPS.test(sql)) {
      this.forget();
      this.changedSchema = true;
    } else if (this.changedSchema && ENDS.test(sql)) {
      this.forget();
      this.changedSchema = false;
    }
    if (!preparable || options) return this.plain<T>(sql, params, options);
    if (!this.statements.has(sql)) {
      if (!this.seen.has(sql)) {
        if (this.seen.size >= SEEN) this.seen.clear();
        this.seen.add(sql);
        return this.plain<T>(sql, params);
      }
      if (this.statements.size >= PREPARED) this.forget();
    }
    this.counts.prepared++;
    return this.client.runExclusive(() => this.run<T>(sql, params));
  }

  private plain<T>(sql: string, params: unknown[], options?: Options): Promise<Results<T>> {
    this.counts.plain++;
    return this.client.query<T>(sql, params, options);
  }

  /**
   * Forgets every prepared statement: each is closed in PostgreSQL with the next statement sent,
   * and prepared again under a new name when next seen. This happens on DDL, which the shop runs
   * when it migrates, and when PREPARED different statements have been kept.
   */
  private forget(): void {
    for (const { name } of this.statements.values()) this.closing.push(name);
    this.statements.clear();
  }

  /** `messages` after a Close of each forgotten statement (answered by CloseComplete, which parseResults skips). */
  private withClosing(...messages: Uint8Array[]): Uint8Array {
    const closes = this.closing.map((name) => protocol.serialize.close({ type: 'S', name }));
    this.closing = [];
    return concat(...closes, ...messages);
  }

  private async run<T>(sql: string, params: unknown[]): Promise<Results<T>> {
    const statement = this.statements.get(sql) ?? (await this.prepare(sql, params));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serialize = this.client.serializers[statement.types[i]];
      return serialize ? serialize(value) : String(value);
    });
    let messages: BackendMessage[];
    try {
      const { serialize } = protocol;
      messages = await this.client.execProtocolStream(this.withClosing(serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()), {});
    } catch (error) {
      if ((error as { code?: string }).code === RESULT_TYPE_CHANGED) this.forget();
      throw described(error, sql, params);
    }
    await this.client.syncToFs();
    const answer = parse.parseResults(statement.fields ? [statement.fields, ...messages] : messages, statement.parsers)[0];
    return answer as Results<T>;
  }

  private async prepare(sql: string, params: unknown[]): Promise<Statement> {
    const name = `shop_${++this.names}`;
    const { serialize } = protocol;
    let messages: BackendMessage[];
    try {
      messages = await this.client.execProtocolStream(this.withClosing(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()), {});
    } catch (error) {
      throw described(error, sql, params);
    }
    const types = (messages.find((m) => m.name === 'parameterDescription') as ParameterDescriptionMessage | undefined)?.dataTypeIDs ?? [];
    const fields = messages.find((m) => m.name === 'rowDescription') as RowDescriptionMessage | undefined;
    const parsers: Record<number, Parser> = {};
    for (const { dataTypeID } of fields?.fields ?? []) {
      if (this.client.parsers[dataTypeID]) parsers[dataTypeID] = this.client.parsers[dataTypeID];
    }
    const statement = { name, types, fields, parsers };
    this.statements.set(sql, statement);
    return statement;
  }
}

/** A database error with the statement that raised it, as PGlite's query() gives it. */
function described(error: unknown, query: string, params: unknown[]): unknown {
  if (error instanceof Error && 'code' in error) Object.assign(error, { query, params });
  return error;
}
