// The storage port's part for operations: whether the database answers, whether its schema is
// this build's, and its connection pool's use. Part of the Store (server/db/port.ts).
/** A connection pool's use now: connections open, idle, queries waiting for one, and its size (pg.Pool's counts). */
export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface OperationsStore {
  /** Resolves once the database has answered a trivial statement; throws when it cannot be reached or is closed. */
  ping(): Promise<void>;
  /** The names of this build's migrations the database has not run ([] when its schema is current). */
  pendingMigrations(): Promise<string[]>;
  /** The connection pool's use (a PostgreSQL server); undefined for the embedded driver, which is one connection with a queue of its own. */
  poolUse(): Promise<PoolUse | undefined>;
}
