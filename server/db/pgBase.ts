// The root of the postgres adapter's class: the database it binds its parts to. PgStore
// (pgStore.ts) is PgBase with the port's parts mixed in (each module's pg/store.ts), each a function from a
// class to a subclass that adds one part's delegations.
import type { Kysely, Transaction } from 'kysely';
import type { Tx } from './tx';
import type { Database } from './schema';

export class PgBase {
  /** The Kysely instance (tests and tools of this engine only; services go through the port). */
  constructor(readonly db: Kysely<Database>) {}
}

/** A class a part mixes into: PgBase or a subclass. TypeScript's mixin rule (TS2545) asks for exactly `any[]`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PgClass = new (...args: any[]) => PgBase;

/** The Kysely transaction a Tx of this adapter is (PgStore.transaction makes them). */
export const trxOf = (tx: Tx) => tx as unknown as Transaction<Database>;
