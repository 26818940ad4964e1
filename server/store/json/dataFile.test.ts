// The data file's write paths: group commit, the journal used for big data files (forced here
// with journalAbove: 0), its replay and folding into the data file, torn and stale journals, and
// SIGKILL under a burst of journaled writes.
import { spawn } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNTS, address, makeData } from '../../../tests/api/fixtures';
import type { DbSchema } from '../../model';
import { journalFileOf, openDataFile, readDataFile, type DataFile } from './dataFile';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let dir: string;
let dataFile: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'shop-journal-'));
  dataFile = path.join(dir, 'db.json');
  writeFileSync(dataFile, JSON.stringify(makeData(), null, 2) + '\n');
});
const opened: DataFile[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const track = (store: DataFile) => (opened.push(store), store);
const journaled = (options: { journalAbove?: number } = {}) =>
  track(openDataFile({ dataFile, journalAbove: 0, ...options }));
const fileText = () => readFileSync(dataFile, 'utf8');
const plain = (data: DbSchema) => JSON.parse(JSON.stringify(data)) as DbSchema;

/** Changes that cover every kind of journal op: put new, put changed, delete, reuse an id. */
async function someWrites(store: DataFile): Promise<void> {
  const d = store.data;
  d.products[1].stock -= 1;
  d.cart.push({ id: 2, user: 2, product: 3, quantity: 1 });
  await store.commit({ products: [2], cart: [2] });
  d.cart = d.cart.filter((l) => l.id !== 2); // id 2 is the highest: it is reused below
  d.orders[3].status = 'cancelled';
  await store.commit({ cart: [2], orders: [d.orders[3].id] });
  d.cart.push({ id: 2, user: 3, product: 5, quantity: 4 }, { id: 3, user: 2, product: 1, quantity: 1 });
  d.users[1].name = 'Journal';
  await store.commit({ cart: [3, 2], users: [2] });
}

describe('small data files are rewritten whole', () => {
  it('commits resolve once the file holds them; no journal appears', async () => {
    const store = track(openDataFile({ dataFile }));
    store.data.products[0].title = 'Renamed';
    await store.commit({ products: [1] });
    expect(JSON.parse(fileText()).products[0].title).toBe('Renamed');
    expect(existsSync(journalFileOf(dataFile))).toBe(false);
    expect(store.writes).toEqual({ snapshots: 1, journal: 0 });
  });
});

describe('group commit', () => {
  it('commits made in one turn share one write, and each resolves after it', async () => {
    const store = journaled();
    const done = Array.from({ length: 20 }, (_, i) => {
      store.data.products[0].stock = i;
      return store.commit({ products: [1] });
    });
    await Promise.all(done);
    expect(store.writes).toEqual({ snapshots: 0, journal: 1 });
    expect(readDataFile(dataFile).products[0].stock).toBe(19);
  });

  it('a commit made while a write is under way goes into the next write', async () => {
    const store = journaled();
    store.data.products[0].stock = 1;
    const first = store.commit({ products: [1] });
    await new Promise((r) => setImmediate(r)); // the first write has started
    store.data.products[0].stock = 2;
    const second = store.commit({ products: [1] });
    await Promise.all([first, second]);
    expect(store.writes.journal).toBe(2);
    expect(readDataFile(dataFile).products[0].stock).toBe(2);
  });
});

describe('the journal (big data files)', () => {
  it('appends changes, leaves the data file alone, and replays them on the next start', async () => {
    const before = fileText();
    const store = journaled();
    await someWrites(store);
    expect(fileText()).toBe(before);
    expect(store.writes).toEqual({ snapshots: 0, journal: 3 });
    expect(readDataFile(dataFile)).toEqual(plain(store.data));

    const reopened = journaled();
    expect(plain(reopened.data)).toEqual(plain(store.data));
    // Folded into the data file on start, the journal gone.
    expect(JSON.parse(fileText())).toEqual(plain(store.data));
    expect(existsSync(journalFileOf(dataFile))).toBe(false);
  });

  it('is folded into the data file once it is as big as the data file', async () => {
    const store = journaled();
    const size = fileText().length;
    let n = 0;
    while (store.writes.snapshots === 0) {
      store.data.orders[0].status = n++ % 2 ? 'pending' : 'delivered';
      store.data.products[0].description = 'x'.repeat(2000) + n;
      await store.commit({ orders: [1], products: [1] });
      expect(n).toBeLessThan(200);
    }
    expect(n).toBeGreaterThan(size / 4000);
    expect(existsSync(journalFileOf(dataFile))).toBe(false);
    expect(JSON.parse(fileText())).toEqual(plain(store.data));
  });

  it('commit() without changes writes everything at once (and drops the journal)', async () => {
    const store = journaled();
    await someWrites(store);
    store.data.users = store.data.users.filter((u) => u.id !== 3);
    await store.commit();
    expect(existsSync(journalFileOf(dataFile))).toBe(false);
    expect(JSON.parse(fileText())).toEqual(plain(store.data));
  });

  it('ignores a torn last line (a write never acknowledged)', async () => {
    const store = journaled();
    await someWrites(store);
    const expected = plain(store.data);
    appendFileSync(journalFileOf(dataFile), '{"ops":[["put","products",{"id":1,"tit');
    expect(readDataFile(dataFile)).toEqual(expected);
    expect(plain(journaled().data)).toEqual(expected);
  });

  it('never replays a journal already folded in (a crash between the rename and the removal)', async () => {
    const store = journaled();
    await someWrites(store);
    const saved = path.join(dir, 'saved.journal');
    copyFileSync(journalFileOf(dataFile), saved);
    await store.commit(); // folds it in
    const expected = plain(store.data);
    copyFileSync(saved, journalFileOf(dataFile));
    expect(readDataFile(dataFile)).toEqual(expected);
    expect(plain(journaled().data)).toEqual(expected);
    expect(existsSync(journalFileOf(dataFile))).toBe(false);
  });

  it('refuses to start on a journal corrupt before its end', async () => {
    const store = journaled();
    await someWrites(store);
    const file = journalFileOf(dataFile);
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[1] = '{"ops": garbage';
    writeFileSync(file, lines.join('\n'));
    expect(() => journaled()).toThrow(/line 2 is corrupt/);
  });
});

// --- SIGKILL with the journal -------------------------------------------------------------------

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(port: number) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG: '0', PORT: String(port), DATA_FILE: dataFile, SHOP_JOURNAL_ABOVE: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((r) => proc.once('exit', r));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start: ${output}`)), 20_000);
    proc.stdout!.on('data', (c: Buffer) => {
      output += c.toString();
      if (output.includes('Shop running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  });
  return { kill: async () => (proc.kill('SIGKILL'), await exited) };
}

async function call(origin: string, cookie: string, method: string, url: string, body?: unknown) {
  const res = await fetch(origin + url, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  return { status: res.status, body: (await res.json()) as { id: number }, cookie: setCookie?.split(';')[0] };
}

describe('SIGKILL under journaled writes', () => {
  it('3 rounds: every acknowledged order survives, and stock matches the orders stored', async () => {
    const data = makeData();
    data.products[4].stock = 1_000_000;
    writeFileSync(dataFile, JSON.stringify(data, null, 2) + '\n');
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const acked = new Map<number, unknown>();
    let cookie = '';
    for (let round = 1; round <= 3; round++) {
      const server = await startServer(port);
      if (!cookie) {
        const login = await call(origin, '', 'POST', '/api/auth/login', ACCOUNTS.user);
        cookie = login.cookie!;
      }
      let stop = false;
      let acks = 0;
      const lane = async () => {
        while (!stop) {
          try {
            const res = await call(origin, cookie, 'POST', '/api/orders', {
              items: [{ product: 5, quantity: 1 }],
              paymentMethod: 'cash',
              selectedAddress: address(),
            });
            expect(res.status).toBe(201);
            acked.set(res.body.id, res.body);
            if (++acks === 15 + round * 5) {
              stop = true;
              await server.kill();
            }
          } catch {
            return;
          }
        }
      };
      await Promise.all([lane(), lane(), lane(), lane()]);
      const stored = readDataFile(dataFile);
      for (const [id, order] of acked) expect(stored.orders.find((o) => o.id === id)).toEqual(order);
      const sold = stored.orders.filter((o) => o.id > 12).length;
      expect(stored.products[4].stock).toBe(1_000_000 - sold);
    }
    expect(acked.size).toBeGreaterThanOrEqual(60);
  }, 60_000);
});
