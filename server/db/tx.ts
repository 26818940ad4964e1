// One transaction of the store, as the services hand it down (server/db/port.ts Store.transaction).
// Each module's part of the port declares its own records (server/modules/<module>/port.ts).

declare const TRANSACTION: unique symbol;
/**
 * One transaction of the store (Store.transaction), handed down by the service that opened it to
 * the methods of any module's part that take it: each runs its statements in it, and nothing of
 * them is kept unless the whole work succeeds. Opaque: only the adapter knows what it holds.
 */
export interface Tx {
  readonly [TRANSACTION]: true;
}
