// GET /health/live and /health/ready: outside /api, no session. Ready means the database answers,
// its schema has every migration of this build, and the mail worker runs when the app was told
// one should (AppOptions.mailWorker). One app on a database of this file's own, which the last
// test closes.
import request from 'supertest';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailWorker } from '../../../server/modules/mail/worker';
import { migrations } from '../../../server/db/migrate';
import type { PgStore } from '../../../server/db/pgStore';
import { ownEmbeddedStore } from '../../pg/embeddedShop';
import { deferredStore, openShopStore } from '../../pg/shopDatabase';
import { ENGINE, engineApp, makeData } from '../fixtures';

const opened: Promise<PgStore> = ENGINE === 'postgres' ? openShopStore(makeData()) : ownEmbeddedStore(makeData());
// A worker whose transport is never used (the outbox stays empty); its state is what counts here.
const transport = { sendMail: async () => ({ envelope: { from: false as const, to: [] }, messageId: '<unused@shop.test>' }) };
const worker = new MailWorker(deferredStore(opened), { transport, from: 'Shop <no-reply@shop.test>', idleMs: 60_000 });
const { app } = engineApp({ store: deferredStore(opened), mailWorker: worker });
const newest = Object.keys(migrations).sort().at(-1)!;

// The checks are about a database that is up: the first one waits for it to be open (the check's
// own 2-second limit would count a database still starting as down).
beforeAll(async () => {
  await opened;
});
afterAll(() => worker.stop());

describe('health', () => {
  it('live answers 200 with no session, outside the API, never cached', async () => {
    const res = await request(app).get('/health/live').expect(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('ready is 503 naming the mail worker until it runs, then 200 with every check ok', async () => {
    const before = await request(app).get('/health/ready').expect(503);
    expect(before.body).toEqual({ status: 'unavailable', checks: { database: 'ok', migrations: 'ok', mail: 'not running' } });
    worker.start();
    const res = await request(app).get('/health/ready').expect(200);
    expect(res.body).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', mail: 'ok' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('ready is 503 while a migration of this build is not applied, and names it', async () => {
    const { db } = await opened;
    const { rows } = await sql<{ name: string; timestamp: string }>`SELECT name, timestamp FROM kysely_migration WHERE name = ${newest}`.execute(db);
    expect(rows).toHaveLength(1);
    await sql`DELETE FROM kysely_migration WHERE name = ${newest}`.execute(db);
    try {
      const res = await request(app).get('/health/ready').expect(503);
      expect(res.body).toEqual({ status: 'unavailable', checks: { database: 'ok', migrations: 'pending', mail: 'ok' }, pendingMigrations: [newest] });
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${rows[0].name}, ${rows[0].timestamp})`.execute(db);
    }
    await request(app).get('/health/ready').expect(200);
  });

  it('ready is 503 once the mail worker stops', async () => {
    await worker.stop();
    const res = await request(app).get('/health/ready').expect(503);
    expect(res.body.checks).toEqual({ database: 'ok', migrations: 'ok', mail: 'not running' });
  });

  it('ready is 503 naming the database once it is closed; live still answers', async () => {
    await (await opened).close();
    const res = await request(app).get('/health/ready').expect(503);
    expect(res.body).toEqual({ status: 'unavailable', checks: { database: 'down', migrations: 'unknown', mail: 'not running' } });
    await request(app).get('/health/live').expect(200);
  });
});
