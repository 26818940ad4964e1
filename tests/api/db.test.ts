// The data file: seeded from the seed file, written atomically, never the seed itself.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../src/types';
import { createApp } from '../../server/app';
import { atomicWriteFile } from '../../server/atomicFile';
import { resetDataFile } from '../../server/store/json/dataFile';
import { DiskWriteError, NOT_SAVED_YET } from '../../server/errors';
import type { JsonStore } from '../../server/store/json/jsonStore';
import { ACCOUNTS, address, agent, expectNoLeaks, makeData, makeShop, orderBody, TEST_COST } from './fixtures';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;
let seedFile: string;
let dataFile: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'shop-db-'));
  seedFile = path.join(dir, 'seed.json');
  dataFile = path.join(dir, 'data', 'db.json');
  writeFileSync(seedFile, JSON.stringify(makeData(), null, 2));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  expectNoLeaks();
});

const open = (options: Record<string, unknown> = {}) =>
  createApp({ dataFile, seedFile, passwordCost: TEST_COST, ...options });
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const readData = () => JSON.parse(readFileSync(dataFile, 'utf8'));

describe('data file', () => {
  it('refuses to work on the seed itself, which is never written', () => {
    const seedHash = sha(seedFile);
    expect(() => open({ dataFile: seedFile })).toThrow(/cannot be the seed/);
    expect(() => open({ dataFile: path.join(dir, '.', 'seed.json') })).toThrow(/cannot be the seed/);
    expect(sha(seedFile)).toBe(seedHash);
  });

  it('is created from the seed; writes go to it, the seed stays byte-for-byte the same', async () => {
    const seedHash = sha(seedFile);
    const seedMtime = statSync(seedFile).mtimeMs;
    const { app } = open();
    expect(readFileSync(dataFile, 'utf8')).toBe(readFileSync(seedFile, 'utf8'));

    const a = agent(app);
    await a.post('/api/auth/signup').send({ email: 'new@shop.test', password: 'Secret123' }).expect(201);
    expect(readData().users).toHaveLength(4);
    await a.post('/api/cart').send({ product: 1, quantity: 2 }).expect(201);
    expect(readData().cart).toHaveLength(2);
    await a
      .post('/api/orders')
      .send({ items: [{ product: 1, quantity: 2 }], paymentMethod: 'cash', selectedAddress: address() })
      .expect(201);
    const data = readData();
    expect(data.orders).toHaveLength(13);
    expect(data.products[0].stock).toBe(8);
    expect(data.cart).toHaveLength(1);

    expect(sha(seedFile)).toBe(seedHash);
    expect(statSync(seedFile).mtimeMs).toBe(seedMtime);
    // No temp files left behind.
    expect(readdirSync(path.dirname(dataFile))).toEqual(['.secret', 'db.json'].sort());
  });

  it('is reused, not re-seeded, on the next start; sessions survive a restart', async () => {
    const first = open();
    const login = await agent(first.app).post('/api/auth/login').send(ACCOUNTS.user).expect(200);
    const cookie = login.headers['set-cookie'][0].split(';')[0];
    await agent(first.app).post('/api/cart').set('Cookie', cookie).send({ product: 5, quantity: 1 }).expect(201);

    const second = open();
    const check = await agent(second.app).get('/api/auth/check').set('Cookie', cookie).expect(200);
    expect(check.body.email).toBe('user@shop.test');
    const cart = await agent(second.app).get('/api/cart').set('Cookie', cookie).expect(200);
    expect(cart.body.map((l: { product: { id: number } }) => l.product.id)).toEqual([5]);
  });

  it('keeps a generated secret beside the data file (0600), or uses the given one', () => {
    open();
    const secretFile = path.join(dir, 'data', '.secret');
    const secret = readFileSync(secretFile, 'utf8');
    expect(secret.trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    open();
    expect(readFileSync(secretFile, 'utf8')).toBe(secret);

    rmSync(secretFile);
    open({ secret: 'from-the-environment' });
    expect(existsSync(secretFile)).toBe(false);
  });

  it('fails clearly without a seed, or on a corrupt data file', () => {
    rmSync(seedFile);
    expect(() => open()).toThrow(/Seed file .* not found/);
    writeFileSync(seedFile, '{"products": [');
    expect(() => open()).toThrow(/not valid JSON.*db:reset/);
  });

  it('db:reset puts the seed back atomically', async () => {
    const { app } = open();
    await agent(app).post('/api/auth/signup').send({ email: 'new@shop.test', password: 'Secret123' }).expect(201);
    resetDataFile(dataFile, seedFile);
    expect(sha(dataFile)).toBe(sha(seedFile));
  });

  it('removes temp files a crashed write left behind', () => {
    open();
    const stale = path.join(dir, 'data', '.db.json.12345.abcdef.tmp');
    writeFileSync(stale, '{"half": ');
    open();
    expect(existsSync(stale)).toBe(false);
  });
});

describe('a write the disk refuses', () => {
  it('answers 503 saying the change was received, keeps it, and writes it with the next one', async () => {
    const { app } = open();
    const admin = agent(app);
    await admin.post('/api/auth/login').send({ email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password }).expect(200);
    const dataDir = path.dirname(dataFile);
    // The data file's directory disappears: the atomic write cannot create its temp file.
    renameSync(dataDir, `${dataDir}.away`);
    const res = await admin.patch('/api/products/1').send({ title: 'Written later' }).expect(503);
    expect(res.body).toEqual({ message: NOT_SAVED_YET });
    expect(res.text).not.toMatch(/ENOENT|\.tmp|shop-db-/);
    // Nothing lost: it is there for every reader, and the next write takes it to disk.
    expect((await agent(app).get('/api/products/1').expect(200)).body.title).toBe('Written later');
    renameSync(`${dataDir}.away`, dataDir);
    expect(readData().products[0].title).not.toBe('Written later');
    await admin.patch('/api/products/2').send({ title: 'Next change' }).expect(200);
    const data = readData();
    expect(data.products[0].title).toBe('Written later');
    expect(data.products[1].title).toBe('Next change');
  });
});

describe('an order the disk refused, retried with its Idempotency-Key', () => {
  it('answers 503, then the retry returns that order (200, same id): one order, stock taken once', async () => {
    const { app } = open();
    const shopper = agent(app);
    await shopper.post('/api/auth/login').send({ email: ACCOUNTS.user.email, password: ACCOUNTS.user.password }).expect(200);
    const body = { items: [{ product: 1, quantity: 2 }], paymentMethod: 'cash', selectedAddress: address() };
    const dataDir = path.dirname(dataFile);
    renameSync(dataDir, `${dataDir}.away`);
    const first = await shopper.post('/api/orders').set('Idempotency-Key', 'press-1').send(body).expect(503);
    expect(first.body.message).toMatch(/^Order #13 was received/);
    renameSync(`${dataDir}.away`, dataDir);
    const retry = await shopper.post('/api/orders').set('Idempotency-Key', 'press-1').send(body).expect(200);
    expect(retry.body).toMatchObject({ id: 13, user: 2, status: 'pending' });
    const data = readData();
    expect(data.orders.map((o: { id: number }) => o.id)).toEqual([...Array.from({ length: 12 }, (_, i) => i + 1), 13]);
    expect(data.products[0].stock).toBe(8);
    expect(data.idempotency).toEqual([expect.objectContaining({ id: '2 press-1', user: 2, order: 13 })]);
  });
});

describe('atomicWriteFile', () => {
  it('a reader never sees a partial file, and a killed writer leaves a whole one', async () => {
    const file = path.join(dir, 'atomic.json');
    atomicWriteFile(file, JSON.stringify({ n: -1 }));
    const child = path.join(dir, 'writer.ts');
    const dbModule = path.join(ROOT, 'server', 'atomicFile.ts');
    writeFileSync(
      child,
      `import { atomicWriteFile } from ${JSON.stringify(dbModule)};
       const fill = 'x'.repeat(2_000_000);
       for (let n = 0; ; n++) atomicWriteFile(${JSON.stringify(file)}, JSON.stringify({ n, fill }));`,
    );
    const proc = spawn(process.execPath, ['--import', 'tsx', child], { cwd: ROOT, stdio: 'ignore' });
    try {
      const deadline = Date.now() + 15_000;
      while (JSON.parse(readFileSync(file, 'utf8')).n < 3) {
        if (Date.now() > deadline) throw new Error('writer did not start');
        await new Promise((r) => setTimeout(r, 20));
      }
      for (let i = 0; i < 100; i++) {
        const data = JSON.parse(readFileSync(file, 'utf8'));
        expect(data.fill).toHaveLength(2_000_000);
        await new Promise((r) => setImmediate(r));
      }
    } finally {
      proc.kill('SIGKILL');
    }
    await new Promise((r) => proc.once('exit', r));
    expect(JSON.parse(readFileSync(file, 'utf8')).fill).toHaveLength(2_000_000);
  }, 30_000);
});

describe('an order the disk refuses', () => {
  it('503 saying the order exists when the disk write fails, so a retry does not order twice', async () => {
    const shop = makeShop();
    const a = await shop.as('user');
    await a.post('/api/cart').send({ product: 1, quantity: 1 }).expect(201);
    // The json store's data file refuses the write (tests/api/db.test.ts makes a real disk refuse it).
    vi.spyOn((shop.store as JsonStore).file, 'commit').mockRejectedValueOnce(new DiskWriteError(new Error('ENOSPC: no space left on device')));
    const res = await a.post('/api/orders').send(orderBody([{ product: 1, quantity: 1 }])).expect(503);
    expect(res.body.message).toMatch(/^Order #13 was received .* Check My Orders before ordering again\.$/);
    expect(res.text).not.toMatch(/ENOSPC/);
    // It is in My Orders, and the next write takes it to disk.
    const own = (await a.get('/api/orders/own/').expect(200)).body as Order[];
    expect(own.map((o) => o.id)).toContain(13);
  });
});
