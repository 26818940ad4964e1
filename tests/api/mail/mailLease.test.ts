// The mail worker's lease against a slow SMTP server, on both drivers: two instances (on the
// embedded driver two workers on the one store, its one process; on PostgreSQL two stores on one
// database) and a server that answers the first message's data only after longer than the lease.
// The worker that sends it keeps its lease while it waits, the other takes over the rest of the
// batch, and each message is received once. A send that times out (the SMTP timeouts are the
// worker's, well under its lease) is retried with the same Message-ID, so a server that accepted
// the first attempt anyway receives two copies a receiver can tell apart. Real time, short
// lease and timeouts: the file takes a few seconds.
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../server/db/connect';
import { PgStore } from '../../../server/db/pgStore';
import type { Store } from '../../../server/db/port';
import { mailConfigFromEnv } from '../../../server/http/config';
import { MailWorker, sendDeadlineOf, smtpTransport, type WorkerOptions } from '../../../server/modules/mail/worker';
import type { EmailMessage } from '../../../src/domain/mail';
import { newShopDatabase } from '../../pg/shopDatabase';
import { ACCOUNTS, ENGINE, expectNoLeaks, makeData, makeShop, type TestShop } from '../fixtures';
import { catchMailInThisFile } from './catchMail';

afterEach(expectNoLeaks);

const catcher = catchMailInThisFile();

const LEASE = 1000;
/** Longer than the lease: without renewal, the other instance would take the message in flight. */
const SLOW_ANSWER = 2500;
const DOMAIN = 'shop.example';
const TIMING = { connectionTimeoutMs: 5000, greetingTimeoutMs: 5000, socketTimeoutMs: 10_000 };

/** A shop and two instances' stores on one database; `close` ends what was opened here. */
async function twoInstances(): Promise<{ shop: TestShop; stores: [Store, Store]; close: () => Promise<void> }> {
  if (ENGINE === 'postgres') {
    const { url } = await newShopDatabase(makeData());
    const [a, b] = [new PgStore(openDatabase(url, { max: 2 })), new PgStore(openDatabase(url, { max: 2 }))];
    return { shop: makeShop({ store: a }), stores: [a, b], close: async () => void (await Promise.all([a.close(), b.close()])) };
  }
  const shop = makeShop();
  return { shop, stores: [shop.store, shop.store], close: async () => {} };
}

async function write(shop: TestShop, n: number): Promise<void> {
  for (let i = 1; i <= n; i++) {
    await shop.store.transaction((tx) => shop.store.enqueueMail(tx, { to: ACCOUNTS.user.email, subject: `m${i}`, text: `message ${i}` }, Date.now()));
  }
}

const worker = (store: Store, options: Partial<WorkerOptions> = {}) =>
  new MailWorker(store, { transport: smtpTransport(catcher.url, TIMING), from: 'shop@shop.example', messageIdDomain: DOMAIN, leaseMs: LEASE, idleMs: 20, ...options });
const emails = async (shop: TestShop) => (await (await shop.as('admin')).get('/api/admin/emails?_limit=100').expect(200)).body as EmailMessage[];

describe('the mail lease', () => {
  it('two instances and a server slower than the lease: each message is received once, every row sent after one attempt', async () => {
    const { shop, stores, close } = await twoInstances();
    try {
      await write(shop, 10);
      catcher.delayNext(1, SLOW_ANSWER);
      const logs: string[] = [];
      const workers = stores.map((store) => worker(store, { log: (line) => logs.push(line) }));
      try {
        // The first instance claims the batch and starts on m1 (the slow one); then the second starts.
        workers[0].start();
        await vi.waitFor(async () => expect((await emails(shop)).filter((m) => m.attempts > 0)).toHaveLength(1), { timeout: 10_000, interval: 20 });
        workers[1].start();
        await vi.waitFor(() => expect(catcher.messages.length).toBeGreaterThanOrEqual(10), { timeout: 20_000, interval: 50 });
      } finally {
        // Stopping waits for each round in progress: whatever either still meant to send is sent now.
        await Promise.all(workers.map((w) => w.stop()));
      }

      const ids = catcher.messages.map((m) => m.messageId);
      expect(ids).toHaveLength(10);
      expect(new Set(ids).size).toBe(10);
      const listed = await emails(shop);
      expect(listed.map((m) => [m.subject, m.status, m.attempts])).toEqual(Array.from({ length: 10 }, (_, i) => [`m${10 - i}`, 'sent', 1]));
      for (const m of listed) expect(ids.filter((id) => new RegExp(`^<outbox-${m.id}\\.[0-9a-z]+@shop\\.example>$`).test(id))).toHaveLength(1);
      // The slow message's instance kept its lease; the rest of its batch, whose lease ran out
      // meanwhile, went to the other, and the first sent none of it again.
      expect(logs.filter((line) => /lease ran out during|sent, but/.test(line))).toEqual([]);
      expect(logs.filter((line) => /not sent, its lease ran out/.test(line)).length).toBeGreaterThan(0);
    } finally {
      await close();
    }
  });

  it('a send that times out is retried with the same Message-ID: a server that took both attempts holds two copies of one message', async () => {
    const { shop, stores, close } = await twoInstances();
    try {
      await write(shop, 1);
      catcher.delayNext(1, 1500);
      const w = worker(stores[0], { transport: smtpTransport(catcher.url, { ...TIMING, socketTimeoutMs: 300 }), backoffMs: () => 0 });
      const first = await w.runOnce();
      expect(first.retried).toHaveLength(1);
      const [pending] = await emails(shop);
      expect(pending).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringMatching(/timeout/i) });
      expect((await w.drain()).sent).toEqual([pending.id]);
      await vi.waitFor(() => expect(catcher.messages).toHaveLength(2), { timeout: 10_000, interval: 50 });
      const [a, b] = catcher.messages.map((m) => m.messageId);
      expect(a).toBe(b);
      expect(a).toMatch(new RegExp(`^<outbox-${pending.id}\\.[0-9a-z]+@shop\\.example>$`));
      expect((await emails(shop))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await close();
    }
  });
});

describe('a server that trickles its answers', () => {
  it('is given up once the SMTP timeouts together have passed: a failed attempt, retried, the worker free for the rest', async () => {
    // Greets, then answers EHLO with a line that says more is coming, every 100 ms, for ever: each
    // line resets nodemailer's inactivity timeouts.
    const sockets = new Set<Socket>();
    const trickle = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.write('220 trickle ESMTP\r\n');
      socket.once('data', () => {
        const timer = setInterval(() => socket.write('250-still thinking\r\n'), 100);
        socket.on('close', () => clearInterval(timer));
      });
    });
    await new Promise<void>((resolve) => trickle.listen(0, '127.0.0.1', resolve));
    const { port } = trickle.address() as AddressInfo;
    const { shop, stores, close } = await twoInstances();
    try {
      await write(shop, 2);
      const timing = { connectionTimeoutMs: 300, greetingTimeoutMs: 300, socketTimeoutMs: 300 };
      const w = worker(stores[0], { transport: smtpTransport(`smtp://127.0.0.1:${port}`, timing), sendDeadlineMs: sendDeadlineOf(timing), leaseMs: 10_000 });
      const round = await w.runOnce();
      // Both messages tried in one round, each given up after 0.9 s (without the deadline, the
      // first never ends).
      expect(round.retried).toHaveLength(2);
      for (const message of await emails(shop)) {
        expect(message).toMatchObject({ status: 'pending', attempts: 1, lastError: 'No end to the SMTP exchange within 1 s: given up' });
      }
    } finally {
      await close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => trickle.close(resolve));
    }
  });
});

describe('mail settings', () => {
  it('take the Message-ID domain from PUBLIC_URL, else from MAIL_FROM; the lease and timeouts in whole seconds', () => {
    expect(mailConfigFromEnv({ PUBLIC_URL: 'https://shop.example/store', MAIL_FROM: 'Shop <no-reply@mail.example>' }).messageIdDomain).toBe('shop.example');
    expect(mailConfigFromEnv({ MAIL_FROM: 'Shop <no-reply@mail.example>' }).messageIdDomain).toBe('mail.example');
    expect(mailConfigFromEnv({}).timing).toEqual({ leaseMs: 120_000, connectionTimeoutMs: 30_000, greetingTimeoutMs: 30_000, socketTimeoutMs: 60_000 });
    expect(mailConfigFromEnv({ MAIL_LEASE_SECONDS: '300', SMTP_SOCKET_TIMEOUT_SECONDS: '90' }).timing).toMatchObject({ leaseMs: 300_000, socketTimeoutMs: 90_000 });
    expect(() => mailConfigFromEnv({ SMTP_GREETING_TIMEOUT_SECONDS: '0.5' })).toThrow(/SMTP_GREETING_TIMEOUT_SECONDS must be a whole number of seconds/);
  });
});
