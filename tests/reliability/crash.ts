// Crash safety. A real server process (server/index.ts) takes a burst of writes from
// several concurrent lanes and is killed with SIGKILL at a random moment (after a seeded-random
// number of acknowledged writes, plus a few event-loop turns), several rounds in a row, each time
// restarted on the same stored data and port. After each kill what is stored must be readable and
// consistent (stock taken = quantities in the stored orders), every write the client saw
// acknowledged must be in it, and whatever was in flight must be either fully there or not at all;
// an order retried with its Idempotency-Key across a kill is placed exactly once.
// Runs on the driver of its project: embedded (`server`: a temp data folder, DATA_DIR; after a kill
// it must open, and the restarted server must take over the dead one's lock) and postgres (`server-pg`: a database of its own, DATABASE_URL; after a kill the
// dead server's connections must go, PostgreSQL rolling back what they had open, before the
// committed state is read through a connection of the test's own).
import { isDeepStrictEqual } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from '../../src/domain/types';
import type { DbSchema } from '../../server/db/snapshot';
import { ACCOUNTS, address, expectNoLeaks, makeData } from '../api/fixtures';
import { startServer, type ChildServer } from './childServer';
import { Client } from './http';
import { between, newFigures, prng, saveFigures } from './summary';
import { durableStore, type DurableStore } from './support';

const ROUNDS = 5;
const SEED = 424242;
const PRODUCT = 5;
const INITIAL_STOCK = 1_000_000;
const STATUSES: OrderStatus[] = ['pending', 'dispatched', 'delivered', 'cancelled'];

let stored: DurableStore | undefined;
let server: ChildServer | undefined;


/** A fresh data folder or database holding the API fixtures, with plenty of stock for the order lanes. */
async function freshStore(): Promise<DurableStore> {
  await stored?.cleanup();
  const data = makeData();
  data.products.find((p) => p.id === PRODUCT)!.stock = INITIAL_STOCK;
  stored = await durableStore(data, { process: true });
  return stored;
}

/** The real server on the stored data (on `port`, for a restart). */
const start = (port?: number) => startServer({ ...stored!.target, port });

/** What killed servers left behind, over all kills. */
const leftBehind = { connections: 0, inTransaction: 0 };

/**
 * What a killed server left stored. postgres: first its connections must go (the database notices
 * the closed sockets and rolls back what they had open), so nothing commits after the read.
 * embedded: the folder must open (PostgreSQL's recovery replays its write-ahead log).
 */
async function storedAfterKill(label: string): Promise<DbSchema> {
  const store = stored!;
  if (store.engine === 'postgres') {
    const first = await store.leftovers();
    leftBehind.connections += first.length;
    leftBehind.inTransaction += first.filter((c) => c.includes('in a transaction')).length;
    for (const deadline = Date.now() + 10_000; (await store.leftovers()).length > 0; ) {
      if (Date.now() > deadline) throw new Error(`${label}: the killed server's connections are still open: ${first.join(', ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  try {
    return await store.readStored();
  } catch (err) {
    throw new Error(`${label}: what is stored cannot be read after SIGKILL: ${(err as Error).message}`, { cause: err });
  }
}

/** A sequential stream of writes to one record: the last acknowledged value must survive. */
interface LastWriter<T> {
  name: string;
  /** The value stored if nothing was in flight. */
  settled: T;
  /** A write sent but not answered when the server died (either outcome is fine). */
  inFlight?: T;
  read(data: DbSchema): T;
}

/**
 * The crash suite's `part`: the burst of writes killed round after round (those rounds of its
 * ROUNDS, on a fresh store), or the orders retried with their Idempotency-Key across a kill
 * (those rounds: odd ones killed around the write, even ones with the answer lost). Each part is
 * a test file of its own, so they run side by side (each restarts a real server many times).
 */
export function crashSuite(part: { burst: number[] } | { retry: number[] }): void {
  // This file's figures (the parts' files may run one after another in one worker).
  const figures = newFigures('Crash safety (SIGKILL)');
  leftBehind.connections = 0;
  leftBehind.inTransaction = 0;
  // Every answer, also under load and around kills, is free of passwords and hashes.
  afterEach(expectNoLeaks);
  afterAll(async () => {
    await server?.kill();
    await stored?.cleanup();
    // One file per part: the burst's parts 1 and 11+, the retries' 2 and 4.
    saveFigures('crash', figures, 'burst' in part ? (part.burst[0] === 1 ? 1 : 10 + part.burst[0]) : 1 + part.retry[0]);
  });

  describe('SIGKILL under a burst of writes', () => {
    if ('burst' in part) {
      const rounds = part.burst;
      it(`rounds ${rounds.join(', ')} of ${ROUNDS}: what is stored always reads back consistent and no acknowledged write is lost`, async () => {
        // Two streams, so the kill schedule does not depend on how many orders got sent in between;
        // a later part's schedule goes on where the earlier rounds' left it (two draws a round).
        const schedule = prng(SEED);
        for (let i = 0; i < 2 * (rounds[0] - 1); i++) between(schedule, 3, 24);
        const random = prng(SEED + rounds[0]);
        await freshStore();
        server = await start();
        const port = server.port;
        const origin = server.origin;
        const a = new Client(origin, figures); // shopper A: orders and profile
        const b = new Client(origin, figures); // shopper B: cart line 1
        const admin = new Client(origin, figures); // order statuses
        for (const [client, who] of [[a, 'user'], [b, 'other'], [admin, 'admin']] as const) {
          const { email, password } = ACCOUNTS[who];
          expect((await client.call('POST', '/api/auth/login', { email, password })).status).toBe(200);
        }

        const ackedOrders = new Map<number, Order>();
        const ackedSignups: string[] = [];
        const profile: LastWriter<string | undefined> = { name: 'profile name', settled: undefined, read: (d) => d.users.find((u) => u.id === 2)!.name };
        const cartLine: LastWriter<number> = { name: 'cart quantity', settled: 2, read: (d) => d.cart.find((l) => l.id === 1)!.quantity };
        const status: LastWriter<OrderStatus> = { name: 'order status', settled: 'dispatched', read: (d) => d.orders.find((o) => o.id === 2)!.status };
        const lastWriters = [profile, cartLine, status];
        const missing: string[] = [];

        for (const round of rounds) {
          if (round > rounds[0]) {
            server = await start(port);
            // Sessions (and the cookie secret) are stored: yesterday's cookies still work after the crash.
            for (const client of [a, b, admin]) expect((await client.call('GET', '/api/auth/check')).status).toBe(200);
          }
          const target = between(schedule, 3, 24);
          const extraTurns = between(schedule, 0, 5);
          // Armed once every lane has had a write acknowledged (so each kind of write is at stake
          // every round), then killed after `target` more acknowledgements.
          const LANES = 7;
          const lanesAcked = new Set<number>();
          let acks = 0;
          let killed = false;
          const current = server;
          const acknowledged = (laneId: number) => {
            lanesAcked.add(laneId);
            if (lanesAcked.size < LANES) return;
            acks += 1;
            if (acks !== target) return;
            killed = true;
            void (async () => {
              for (let i = 0; i < extraTurns; i++) await new Promise((r) => setImmediate(r));
              current.proc.kill('SIGKILL');
            })();
          };

          /** Runs `step` until the server dies; `step` resolves true when its write was acknowledged. */
          let lanes = 0;
          const lane = async (step: (n: number) => Promise<boolean>) => {
            const laneId = lanes++;
            for (let n = 0; !killed; n++) {
              let ok: boolean;
              try {
                ok = await step(n);
              } catch {
                return; // connection refused or cut: the server is gone
              }
              expect(ok, 'a write was refused while the server was up').toBe(true);
              acknowledged(laneId);
            }
          };
          const inFlightOrders: number[] = [];
          const orderLane = () =>
            lane(async () => {
              const quantity = between(random, 1, 6);
              inFlightOrders.push(quantity);
              const res = await a.call('POST', '/api/orders', {
                items: [{ product: PRODUCT, quantity }],
                // Cash: the stored order then equals its answer (a card's reference is stored, never answered).
                paymentMethod: 'cash',
                selectedAddress: address(),
              });
              inFlightOrders.splice(inFlightOrders.indexOf(quantity), 1);
              if (res.status !== 201) return false;
              // As stored: an answer also carries the order's returns, tracking and delivery estimate (none yet, or
              // null without a shipping method), which a record without any leaves out.
              const { returns: _returns, refunded: _refunded, tracking: _tracking, delivery, ...acked } = res.body as Order;
              void [_returns, _refunded, _tracking];
              ackedOrders.set(res.body.id, delivery ? { ...acked, delivery } : acked);
              return true;
            });
          const lastWriterLane = <T>(w: LastWriter<T>, send: (value: T) => Promise<number>, value: (n: number) => T) =>
            lane(async (n) => {
              const v = value(n);
              w.inFlight = v;
              const code = await send(v);
              w.inFlight = undefined;
              if (code !== 200) return false;
              w.settled = v;
              return true;
            });
          let signupInFlight: string | undefined;

          await Promise.all([
            orderLane(),
            orderLane(),
            orderLane(),
            lastWriterLane(profile, async (name) => (await a.call('PATCH', '/api/users/2', { name })).status, (n) => `round ${round} write ${n}`),
            lastWriterLane(cartLine, async (quantity) => (await b.call('PATCH', '/api/cart/1', { id: 1, quantity })).status, (n) => 1 + ((n + round) % 6)),
            lastWriterLane(status, async (s) => (await admin.call('PATCH', '/api/orders/2', { status: s })).status, (n) => STATUSES[(n + round) % 4]),
            lane(async (n) => {
              const email = `crash-${round}-${n}@shop.test`;
              signupInFlight = email;
              const res = await new Client(origin, figures).call('POST', '/api/auth/signup', { email, password: 'Crash1234' });
              signupInFlight = undefined;
              if (res.status !== 201) return false;
              ackedSignups.push(email);
              return true;
            }),
          ]);
          await current.exited;
          expect(lanes).toBe(LANES);
          expect(killed, `round ${round}: the server died before the kill`).toBe(true);
          figures.faults += 1;

          // What is stored reads back ...
          const state = await storedAfterKill(`round ${round}`);

          // ... every acknowledged order is there exactly as acknowledged ...
          for (const [id, order] of ackedOrders) {
            figures.writesChecked += 1;
            const found = state.orders.find((o) => o.id === id);
            if (!found || !isDeepStrictEqual(JSON.parse(JSON.stringify(found)), order)) missing.push(`round ${round}: order ${id}`);
          }
          // ... an unacknowledged one only if it was in flight, and stock matches the orders stored.
          const unacked = state.orders.filter((o) => o.id > 12 && !ackedOrders.has(o.id));
          expect(unacked.length).toBeLessThanOrEqual(inFlightOrders.length);
          const sold = state.orders
            .filter((o) => o.id > 12)
            .reduce((n, o) => n + o.items.reduce((m, l) => m + (l.product.id === PRODUCT ? l.quantity : 0), 0), 0);
          expect(state.products.find((p) => p.id === PRODUCT)!.stock).toBe(INITIAL_STOCK - sold);
          for (const order of unacked) ackedOrders.set(order.id, order); // it is durable now

          for (const email of ackedSignups) {
            figures.writesChecked += 1;
            if (!state.users.some((u) => u.email === email)) missing.push(`round ${round}: signup ${email}`);
          }
          const extraUsers = state.users.filter((u) => u.email.startsWith('crash-') && !ackedSignups.includes(u.email));
          expect(extraUsers.map((u) => u.email)).toEqual(extraUsers.length ? [signupInFlight] : []);
          ackedSignups.push(...extraUsers.map((u) => u.email));

          for (const w of lastWriters as LastWriter<unknown>[]) {
            figures.writesChecked += 1;
            const value = w.read(state);
            if (value !== w.settled && (w.inFlight === undefined || value !== w.inFlight)) {
              missing.push(`round ${round}: ${w.name} is ${String(value)}, acknowledged ${String(w.settled)}`);
            }
            w.settled = value;
            w.inFlight = undefined;
          }
          figures.notes.push(`round ${round}: killed ${target} acknowledged writes after every lane had one (+${extraTurns} event-loop turns)`);
        }

        // A last restart: the API serves everything acknowledged.
        server = await start(port);
        const own = await a.call('GET', '/api/orders/own');
        expect(own.status).toBe(200);
        const listed = new Set(own.body.map((o: Order) => o.id));
        for (const id of ackedOrders.keys()) if (!listed.has(id)) missing.push(`after restart: order ${id} not listed`);
        await server.stop();
        expect((await server.exited).code).toBe(0);

        figures.writesLost = missing.length;
        figures.cases = rounds.length;
        figures.notes.push(
          `rounds ${rounds.join(', ')}: ${ackedOrders.size} orders and ${ackedSignups.length} signups durable over ${rounds.length} kills; ` +
            (stored!.engine === 'embedded'
              ? 'the data folder opened after every kill'
              : `${leftBehind.connections} connections of killed servers still open right after the kills ` +
                `(${leftBehind.inTransaction} inside a transaction), all gone before the state was read`),
        );
        console.log(
          `crash safety, rounds ${rounds.join(', ')}: ${rounds.length} SIGKILLs, ${figures.requests} requests, ${figures.writesChecked} acknowledged writes checked, ${missing.length} lost`,
        );
        expect(missing).toEqual([]);
      }, 180_000);
    }
    if ('retry' in part) {
      const rounds = part.retry;
      it(`an order whose answer a SIGKILL swallowed, retried with its Idempotency-Key after a restart, is placed once (rounds ${rounds.join(', ')})`, async () => {
        const schedule = prng(SEED + 1 + rounds[0]);
        await freshStore();
        server = await start();
        const port = server.port;
        const a = new Client(server.origin, figures);
        expect((await a.call('POST', '/api/auth/login', ACCOUNTS.user)).status).toBe(200);
        const placed = new Map<string, number>(); // key → order id
        let sold = 0;
        const outcomes: string[] = [];
        /** Each key's order stored once, and the stock taken by them alone. */
        const expectPlacedOnce = (state: DbSchema) => {
          figures.writesChecked += 1;
          const newOrders = state.orders.filter((o) => o.id > 12);
          expect(newOrders.map((o) => o.id).sort((x, y) => x - y)).toEqual([...placed.values()].sort((x, y) => x - y));
          expect(state.products.find((p) => p.id === PRODUCT)!.stock).toBe(INITIAL_STOCK - sold);
          expect(state.idempotency.map((k) => k.id).sort()).toEqual([...placed.keys()].map((k) => `2 ${k}`).sort());
        };

        for (const round of rounds) {
          const key = `checkout-press-${round}`;
          const quantity = between(schedule, 1, 6);
          const body = { items: [{ product: PRODUCT, quantity }], paymentMethod: 'cash', selectedAddress: address() };
          // The first attempt. Odd rounds: killed a random 0–4 ms after it was sent (before it
          // arrives, mid-write, or after the answer left). Even rounds: the order was stored and
          // answered, but the answer is lost on the way (the client never sees it), then the kill.
          const first = a.call('POST', '/api/orders', body, { 'Idempotency-Key': key }).then(
            (res) => res,
            () => undefined,
          );
          const answerLost = round % 2 === 0;
          if (answerLost) await first;
          else await new Promise((r) => setTimeout(r, between(schedule, 0, 4)));
          server.proc.kill('SIGKILL');
          await server.exited;
          figures.faults += 1;
          const seen = answerLost ? undefined : await first;
          const lostAnswer = answerLost ? await first : undefined;
          // Restarted at once: on postgres the dead server's transaction may not even be over yet
          // (the retry then waits for it on the user's order lock).
          server = await start(port);

          // The retry after the restart: the first order if it was stored, else a new one.
          const retry = await a.call('POST', '/api/orders', body, { 'Idempotency-Key': key });
          expect([200, 201]).toContain(retry.status);
          for (const answered of [seen, lostAnswer]) {
            if (answered?.status !== 201) continue;
            expect(retry.status).toBe(200);
            expect(retry.body.id).toBe(answered.body.id);
          }
          if (answerLost) expect(retry.status, 'a stored order must come back, not be placed again').toBe(200);
          outcomes.push(retry.status === 200 ? 'stored before the kill' : 'not stored before the kill');
          // A second retry changes nothing either.
          const again = await a.call('POST', '/api/orders', body, { 'Idempotency-Key': key });
          expect([again.status, again.body.id]).toEqual([200, retry.body.id]);
          placed.set(key, retry.body.id);
          sold += quantity;

          // What is stored: after each round on postgres (read beside the server); an embedded data
          // folder is one process's, so there it is read once the last round's server has stopped.
          if (stored!.engine === 'postgres') expectPlacedOnce(await stored!.readStored());
        }
        await server.stop();
        if (stored!.engine === 'embedded') expectPlacedOnce(await stored!.readStored());
        figures.cases += rounds.length;
        figures.notes.push(
          `idempotent retry (rounds ${rounds.join(', ')}): ${rounds.length} orders killed around their write and retried after a restart with the same key, ` +
            `each placed exactly once (${outcomes.filter((o) => o.startsWith('stored')).length} had been stored before the kill)`,
        );
      }, 180_000);
    }
  });
}
