// The mail worker (server/modules/mail/worker.ts) on both drivers, against a real SMTP server in process:
// a worker that dies mid-batch loses nothing and, restarted, sends nothing twice (except the one
// documented case: a message accepted by the SMTP server just before the worker died, not yet
// marked sent); a refused message is retried after a delay and given up after its tries, with
// the error kept; a worker whose lease passed to another sends and marks no more of its batch;
// two workers at once send each message once.
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { MailWorker, type WorkerOptions } from '../../../server/modules/mail/worker';
import type { Store } from '../../../server/db/port';
import type { EmailMessage } from '../../../src/domain/mail';
import { ACCOUNTS, clock, expectNoLeaks, makeShop, type TestShop } from '../fixtures';
import { catchMailInThisFile } from './catchMail';

afterEach(expectNoLeaks);

const catcher = catchMailInThisFile();

const LEASE = 60_000;
const EMAILS = [ACCOUNTS.user.email, ACCOUNTS.other.email, ACCOUNTS.admin.email];

/** Writes `n` messages to the outbox (as a reset request does: one transaction each), subjects "m1".."mn". */
async function write(shop: TestShop, n: number, at: number): Promise<void> {
  for (let i = 1; i <= n; i++) {
    const email = EMAILS[i % EMAILS.length];
    const token = { digest: `digest-${i}-${at}`, at, expiresAt: at + 60_000 };
    const written = await shop.store.transaction(async (tx) => {
      const user = await shop.store.userByEmail(email, tx);
      if (!user) return false;
      await shop.store.storeResetToken(tx, user.id, token);
      await shop.store.enqueueMail(tx, { to: user.email, subject: `m${i}`, text: `message ${i}` }, token.at);
      return true;
    });
    expect(written).toBe(true);
  }
}

const transport = () => nodemailer.createTransport(catcher.url);
const subjects = () => catcher.messages.map((m) => m.subject).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
const emails = async (shop: TestShop) => (await (await shop.as('admin')).get('/api/admin/emails?_limit=100').expect(200)).body as EmailMessage[];

function setUp() {
  const c = clock();
  const shop = makeShop({ now: c.now });
  const worker = (store: Partial<Store> = shop.store, options: Partial<WorkerOptions> = {}) =>
    new MailWorker({ ...shop.store, ...store } as Store, { transport: transport(), from: 'shop@shop.example', now: c.now, leaseMs: LEASE, batch: 10, ...options });
  return { c, shop, worker };
}

describe('the mail worker', () => {
  it('killed mid-batch (a send that never returns): restarted after the lease, it sends the rest, each once', async () => {
    const { c, shop, worker } = setUp();
    await write(shop, 6, c.now());
    const real = transport();
    let sends = 0;
    let stuck!: () => void;
    const reachedThird = new Promise<void>((resolve) => (stuck = resolve));
    const hanging = {
      sendMail: (mail: Parameters<typeof real.sendMail>[0]) => {
        if (++sends <= 2) return real.sendMail(mail);
        stuck();
        return new Promise<never>(() => {});
      },
    };
    const first = worker(shop.store, { transport: hanging });
    void first.runOnce(); // dies on its third message: never returns
    await reachedThird;
    expect(subjects()).toEqual(['m1', 'm2']);
    expect((await emails(shop)).filter((m) => m.status === 'sent')).toHaveLength(2);

    // Restarted at once: the dead worker's claims still hold, nothing is sent twice.
    const second = worker();
    expect((await second.drain()).sent).toEqual([]);
    c.advance(LEASE);
    const round = await second.drain();
    expect(round.sent).toHaveLength(4);
    expect(subjects()).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect((await emails(shop)).map((m) => m.status)).toEqual(Array(6).fill('sent'));
  });

  it('killed between sending and marking: the one message may go out again after the lease, never lost', async () => {
    const { c, shop, worker } = setUp();
    await write(shop, 3, c.now());
    let marks = 0;
    const dying = worker({
      markMailSent: async (id: number, owner: string, at: number) => {
        if (++marks === 2) throw new Error('killed');
        return shop.store.markMailSent(id, owner, at);
      },
    });
    await expect(dying.runOnce()).rejects.toThrow('killed');
    expect(subjects()).toEqual(['m1', 'm2']);
    c.advance(LEASE);
    await worker().drain();
    // m2 was accepted by the server, then the worker died before marking it: sent twice, with
    // one Message-ID (a receiver can drop the copy). m3, claimed and never tried, counts one attempt.
    expect(subjects()).toEqual(['m1', 'm2', 'm2', 'm3']);
    const [m2, again] = catcher.messages.filter((m) => m.subject === 'm2');
    expect(again.messageId).toBe(m2.messageId);
    const listed = await emails(shop);
    expect(listed.map((m) => [m.subject, m.status, m.attempts])).toEqual([
      ['m3', 'sent', 1],
      ['m2', 'sent', 2],
      ['m1', 'sent', 1],
    ]);
  });

  it('a refused message is retried after a delay, then sent; the error is kept meanwhile', async () => {
    const { c, shop, worker } = setUp();
    await write(shop, 1, c.now());
    catcher.refuseNext(1, 451, 'mailbox busy');
    const w = worker(shop.store, { backoffMs: () => 30_000 });
    expect(await w.drain()).toMatchObject({ sent: [], retried: [expect.any(Number)] });
    const [pending] = await emails(shop);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending.lastError).toMatch(/451.*mailbox busy/);
    c.advance(29_999);
    expect((await w.drain()).sent).toEqual([]);
    c.advance(1);
    expect((await w.drain()).sent).toHaveLength(1);
    expect(catcher.messages).toHaveLength(1);
    expect((await emails(shop))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    // The refused attempt and the retry carry one Message-ID, made from the outbox id.
    expect(catcher.refused.map((m) => m.messageId)).toEqual([catcher.messages[0].messageId]);
    expect(catcher.messages[0].messageId).toMatch(new RegExp(`^<outbox-${pending.id}\\.[0-9a-z]+@localhost>$`));
  });

  it('gives up after its tries, keeping the error; a given-up message is never tried again', async () => {
    const { c, shop, worker } = setUp();
    await write(shop, 1, c.now());
    catcher.refuseNext(100, 550, 'no such user here');
    const w = worker(shop.store, { maxAttempts: 3, backoffMs: () => 1000 });
    for (let i = 0; i < 3; i++) {
      await w.drain();
      c.advance(1000);
    }
    const [failed] = await emails(shop);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failed.lastError).toMatch(/550.*no such user here/);
    catcher.refuseNext(0);
    c.advance(24 * 60 * 60 * 1000);
    expect(await w.drain()).toEqual({ sent: [], retried: [], failed: [], lost: [] });
    expect(catcher.messages).toEqual([]);
  });

  it('a worker whose lease ran out mid-send (another claimed its batch) marks nothing and sends no more of it', async () => {
    const { c, shop, worker } = setUp();
    await write(shop, 3, c.now());
    const real = transport();
    const logs: string[] = [];
    const stalled = {
      sendMail: async (mail: Parameters<typeof real.sendMail>[0]) => {
        // As if this worker stalled past its lease: another instance claims the whole batch.
        c.advance(LEASE + 1);
        expect(await shop.store.claimMail(c.now(), 10, LEASE, 'another instance')).toHaveLength(3);
        return real.sendMail(mail);
      },
    };
    const round = await worker(shop.store, { transport: stalled, log: (line) => logs.push(line) }).runOnce();
    expect(round.sent).toEqual([]);
    expect(round.lost).toHaveLength(3);
    expect(subjects()).toEqual(['m1']);
    expect(logs).toEqual([
      expect.stringMatching(/^mail #\d+ to .*: sent, but another worker had claimed it meanwhile; it may be delivered twice \(same Message-ID\)$/),
      expect.stringMatching(/not sent, its lease ran out before its turn/),
      expect.stringMatching(/not sent, its lease ran out before its turn/),
    ]);
    // The rows are the other claim's: pending, one attempt (the stalled one's), due when that lease ends.
    expect((await emails(shop)).map((m) => [m.subject, m.status, m.attempts])).toEqual([
      ['m3', 'pending', 0],
      ['m2', 'pending', 0],
      ['m1', 'pending', 1],
    ]);
  });

  it('two workers at once on one database send each message once', async () => {
    const { c, shop, worker } = setUp();
    await write(shop, 8, c.now());
    const [a, b] = [worker(shop.store, { batch: 3 }), worker(shop.store, { batch: 3 })];
    const [ra, rb] = await Promise.all([a.drain(), b.drain()]);
    expect([...ra.sent, ...rb.sent].sort((x, y) => x - y)).toHaveLength(8);
    expect(new Set([...ra.sent, ...rb.sent]).size).toBe(8);
    expect(subjects()).toEqual(['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8']);
  });
});
