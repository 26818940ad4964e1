// The statements behind adding to the cart and placing an order (docs/performance.md, "Placing an
// order: statements and time per step"): starts the app in this process on an in-memory embedded
// database (or DATABASE_URL's, which it fills with a generated catalogue: use a throw-away one),
// signs the demo shopper in, and for each scenario (POST /cart; a cash and a card order of one and
// of three lines, each with an Idempotency-Key as the checkout sends) runs it a few times, then
// logs the statements of a run (Kysely's log: every statement the store sends, BEGIN and COMMIT
// included) and what each kind took on average (the first run, a warm-up, left out).
//   npx tsx scripts/bench/orderStatements.ts [--runs N] [--json]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app';
import { openStore } from '../../server/db/open';
import { DEMO_ACCOUNTS, generateSeed, serialize } from '../seed';
import { BENCH_ADDRESS, login, postJson } from './api';
import { plainProduct } from './scaleData';

interface Logged {
  sql: string;
  ms: number;
}

const args = process.argv.slice(2);
const runs = Math.max(2, Number(args[args.indexOf('--runs') + 1] || 0) || 11);
const asJson = args.includes('--json');

/** A statement's kind: its verb and table (or function), enough to tell the steps apart. */
export function kindOf(text: string): string {
  // The statement's own FROM: what is inside parentheses (subqueries, lists) taken out first.
  let s = text.replace(/\s+/g, ' ').trim();
  for (let inner = s.replace(/\([^()]*\)/g, ''); inner !== s; inner = inner.replace(/\([^()]*\)/g, '')) s = inner;
  const verb = s.split(' ')[0].toUpperCase();
  const table = (re: RegExp) => s.match(re)?.[1]?.replace(/"/g, '') ?? '?';
  if (verb === 'SELECT' && /pg_advisory_xact_lock/i.test(text)) return 'SELECT pg_advisory_xact_lock';
  if (verb === 'SELECT' && /shipping_methods/.test(text) && /promotions/.test(text)) return 'SELECT pricing context (one statement)';
  if (verb === 'WITH' && /insert into "?orders"?/i.test(text)) return 'WITH INSERT orders + idempotency_keys';
  if (verb === 'WITH' && /delete from "?cart_membership"?/i.test(text)) return 'WITH DELETE cart + cart_membership';
  if (verb === 'SELECT' || verb === 'WITH') return `${verb} ${table(/ from ("?\w+"?)/i)}${/for update/i.test(s) ? ' FOR UPDATE' : ''}`;
  if (verb === 'INSERT') return `INSERT ${table(/^insert into ("?\w+"?)/i)}`;
  if (verb === 'UPDATE') return `UPDATE ${table(/^update ("?\w+"?)/i)}`;
  if (verb === 'DELETE') return `DELETE ${table(/^delete from ("?\w+"?)/i)}`;
  return verb;
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'order-statements-'));
  let logging = false;
  let logged: Logged[] = [];
  let transactions = 0;
  try {
    const data = generateSeed({ products: 200 });
    const plain = data.products.filter((p) => plainProduct(p)).slice(0, 4);
    for (const p of plain) p.stock = 1_000_000_000;
    const seedFile = path.join(dir, 'db.json');
    writeFileSync(seedFile, serialize(data));
    const url = process.env.DATABASE_URL || undefined;
    const onQuery = (text: string, _parameters: readonly unknown[], ms = 0) => void (logging && logged.push({ sql: text, ms }));
    const store = await openStore(url ? { url, seedFile, onQuery } : { seedFile, onQuery });
    const original = store.transaction.bind(store);
    store.transaction = ((work: Parameters<typeof original>[0]) => {
      if (logging) transactions++;
      return original(work);
    }) as typeof store.transaction;
    const { app } = createApp({ store, passwordCost: 1024, mailHeld: true });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const cookie = await login(origin, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
    let n = 0;
    const order = (lines: number, method: 'cash' | 'card') => () =>
      fetch(`${origin}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'idempotency-key': `statements-${process.pid}-${++n}` },
        body: JSON.stringify({
          items: plain.slice(0, lines).map((p) => ({ product: p.id, quantity: 1 })),
          paymentMethod: method,
          ...(method === 'card' ? { card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' } } : {}),
          selectedAddress: BENCH_ADDRESS,
        }),
      });
    const scenarios: [string, () => Promise<Response>, number][] = [
      ['POST /cart (add a line)', () => postJson(`${origin}/api/cart`, { product: plain[3].id, quantity: 1 }, cookie), 201],
      ['POST /orders cash, 1 line', order(1, 'cash'), 201],
      ['POST /orders card, 1 line', order(1, 'card'), 201],
      ['POST /orders cash, 3 lines', order(3, 'cash'), 201],
      ['POST /orders card, 3 lines', order(3, 'card'), 201],
    ];
    const report: { scenario: string; statements: number; transactions: number; requestMs: number; sqlMs: number; kinds: { kind: string; count: number; ms: number }[] }[] = [];
    for (const [name, send, status] of scenarios) {
      let last = { statements: [] as Logged[], transactions: 0, ms: 0 };
      const all: Logged[] = [];
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        if (name.startsWith('POST /cart')) await fetch(`${origin}/api/cart/${plain[3].id}`, { method: 'DELETE', headers: { cookie } });
        logged = [];
        transactions = 0;
        logging = true;
        const started = performance.now();
        const res = await send();
        await res.arrayBuffer();
        const ms = performance.now() - started;
        logging = false;
        if (res.status !== status) throw new Error(`${name}: ${res.status}`);
        times.push(ms);
        last = { statements: logged, transactions, ms };
        // The first run warms up (JIT, plans); the rest are timed.
        if (i > 0) all.push(...logged);
      }
      const kinds = new Map<string, { count: number; ms: number }>();
      for (const s of all) {
        const k = kinds.get(kindOf(s.sql)) ?? { count: 0, ms: 0 };
        k.count++;
        k.ms += s.ms;
        kinds.set(kindOf(s.sql), k);
      }
      const timed = runs - 1;
      for (const k of kinds.values()) {
        k.count /= timed;
        k.ms /= timed;
      }
      const median = [...times.slice(1)].sort((a, b) => a - b)[Math.floor(timed / 2)];
      report.push({
        scenario: name,
        statements: last.statements.length,
        transactions: last.transactions,
        requestMs: Math.round(median * 10) / 10,
        sqlMs: Math.round((all.reduce((t, s) => t + s.ms, 0) / timed) * 10) / 10,
        kinds: [...kinds].map(([kind, k]) => ({ kind, count: k.count, ms: Math.round(k.ms * 100) / 100 })),
      });
    }
    server.close();
    await store.close();
    if (asJson) console.log(JSON.stringify(report, null, 2));
    else {
      for (const r of report) {
        console.log(`${r.scenario}: ${r.statements} statements (+ BEGIN/COMMIT of ${r.transactions} transaction(s)), request ${r.requestMs} ms (median of ${runs - 1}), statements ${r.sqlMs} ms (mean)`);
        for (const k of r.kinds) console.log(`    ${String(k.count).padStart(3)} × ${k.kind.padEnd(44)} ${k.ms} ms`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
