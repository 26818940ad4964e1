// Email verification, on both drivers, against a real SMTP server in process
// (tests/api/mailCatcher.ts): signing up puts the link in the outbox with the account, the worker
// delivers it, POST /api/auth/verify uses it once within 7 days, POST /api/auth/verify/resend
// mails a new one (signed in, throttled).
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { MailWorker } from '../../../server/modules/mail/worker';
import { VERIFY_SUBJECT } from '../../../server/modules/mail/messages';
import { VERIFY_ALREADY, VERIFY_DONE, VERIFY_LINK_INVALID, verifySentAnswer } from '../../../server/modules/accounts/emailVerification';
import type { Customer } from '../../../src/domain/backOffice';
import type { EmailMessage } from '../../../src/domain/mail';
import { ACCOUNTS, agent, clock, expectNoLeaks, makeShop, type Agent, type TestShop } from '../fixtures';
import { catchMailInThisFile } from '../mail/catchMail';

afterEach(expectNoLeaks);

const catcher = catchMailInThisFile();

const PUBLIC_URL = 'https://shop.example/store';
const NEW = { email: 'new@shop.test', password: 'Secret123x' };
const DAY = 24 * 60 * 60 * 1000;

function setUp(options: Parameters<typeof makeShop>[0] = {}) {
  const c = clock();
  const shop = makeShop({ now: c.now, publicUrl: PUBLIC_URL, ...options });
  const worker = new MailWorker(shop.store, { transport: nodemailer.createTransport(catcher.url), from: 'Shop <shop@shop.example>', now: c.now });
  return { c, shop, worker };
}

async function signUp(shop: TestShop): Promise<Agent> {
  const a = agent(shop.app);
  const res = await a.post('/api/auth/signup').send({ ...NEW, confirmPassword: NEW.password }).expect(201);
  expect(res.body).toMatchObject({ email: NEW.email, verified: false });
  return a;
}

/** The token of the verification link in the latest mail to `to`. */
function tokenIn(to: string): string {
  const mail = catcher.messages.filter((m) => m.recipients.includes(to)).at(-1);
  expect(mail, `a mail to ${to}`).toBeDefined();
  const link = /https:\/\/shop\.example\/store\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(link, mail!.text).not.toBeNull();
  return link![1];
}

const outbox = async (shop: TestShop) => (await (await shop.as('admin')).get('/api/admin/emails').expect(200)).body as EmailMessage[];
const customer = async (shop: TestShop, email: string) =>
  ((await (await shop.as('admin')).get(`/api/admin/customers?q=${encodeURIComponent(email)}`).expect(200)).body as Customer[]).find((c) => c.email === email);

describe('email verification', () => {
  it('sign-up mails a link; its token verifies the account once, and everyone sees it', async () => {
    const { shop, worker } = setUp();
    const me = await signUp(shop);
    expect((await me.get('/api/users/own').expect(200)).body.verified).toBe(false);
    expect((await me.get('/api/auth/check').expect(200)).body.verified).toBe(false);
    expect(await customer(shop, NEW.email)).toMatchObject({ verified: false });
    expect(await customer(shop, ACCOUNTS.user.email)).toMatchObject({ verified: true });

    const round = await worker.drain();
    expect(round.sent).toHaveLength(1);
    const [mail] = catcher.messages;
    expect(mail.recipients).toEqual([NEW.email]);
    expect(mail.subject).toBe(VERIFY_SUBJECT);
    expect(mail.text).toContain('for 7 days');
    const token = tokenIn(NEW.email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/verify-email?token=${token}"`);
    // The database keeps only the token's SHA-256.
    expect(JSON.stringify(await shop.state())).not.toContain(token);

    // Opened signed out (another device): it works without a session.
    const done = await shop.anon().post('/api/auth/verify').send({ token }).expect(200);
    expect(done.body).toEqual({ message: VERIFY_DONE });
    expect((await me.get('/api/users/own').expect(200)).body.verified).toBe(true);
    expect(await customer(shop, NEW.email)).toMatchObject({ verified: true });
    const login = await agent(shop.app).post('/api/auth/login').send(NEW).expect(200);
    expect(login.body.verified).toBe(true);

    const replay = await me.post('/api/auth/verify').send({ token }).expect(400);
    expect(replay.body.message).toBe(VERIFY_LINK_INVALID);
    const again = await me.post('/api/auth/verify/resend').send({}).expect(409);
    expect(again.body.message).toBe(VERIFY_ALREADY);
  });

  it('the seed and fixture accounts are verified; an unverified shopper can still shop', async () => {
    const { shop } = setUp();
    for (const who of ['user', 'other', 'admin'] as const) {
      expect((await (await shop.as(who)).get('/api/users/own').expect(200)).body.verified).toBe(true);
    }
    const me = await signUp(shop);
    // The account's own PATCH cannot verify it (the field is not one it may change).
    const own = (await me.get('/api/users/own').expect(200)).body;
    await me.patch(`/api/users/${own.id}`).send({ ...own, verified: true }).expect(200);
    expect((await me.get('/api/users/own').expect(200)).body.verified).toBe(false);
    await me.post('/api/cart').send({ product: 1, quantity: 1 }).expect(201);
    expect((await me.get('/api/cart').expect(200)).body).toHaveLength(1);
  });

  it('a link older than 7 days is 400 and changes nothing; one just inside works', async () => {
    const { c, shop, worker } = setUp();
    await signUp(shop);
    await worker.drain();
    const token = tokenIn(NEW.email);
    c.advance(7 * DAY);
    const res = await shop.anon().post('/api/auth/verify').send({ token }).expect(400);
    expect(res.body.message).toBe(VERIFY_LINK_INVALID);
    // The sign-up's session has ended by now: sign in again.
    const me = agent(shop.app);
    expect((await me.post('/api/auth/login').send(NEW).expect(200)).body.verified).toBe(false);

    await me.post('/api/auth/verify/resend').send({}).expect(202);
    await worker.drain();
    c.advance(7 * DAY - 1000);
    await shop.anon().post('/api/auth/verify').send({ token: tokenIn(NEW.email) }).expect(200);
    expect((await me.get('/api/users/own').expect(200)).body.verified).toBe(true);
  });

  it('resend mails a new link (both links work until one is used); throttled per account; signed-in only', async () => {
    const { c, shop, worker } = setUp({ verifyLimits: { perUser: 2 } });
    const me = await signUp(shop);
    await worker.drain();
    const first = tokenIn(NEW.email);
    await shop.anon().post('/api/auth/verify/resend').send({}).expect(401);

    const sent = await me.post('/api/auth/verify/resend').send({}).expect(202);
    expect(sent.body).toEqual({ message: verifySentAnswer(NEW.email) });
    await me.post('/api/auth/verify/resend').send({}).expect(202);
    const limited = await me.post('/api/auth/verify/resend').send({}).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/Too many/);
    // Another account is not held back by this one's count.
    await (await shop.as('user')).post('/api/auth/verify/resend').send({}).expect(409);

    await worker.drain();
    expect(catcher.messages.map((m) => m.recipients)).toEqual([[NEW.email], [NEW.email], [NEW.email]]);
    const latest = tokenIn(NEW.email);
    expect(latest).not.toBe(first);
    expect((await outbox(shop)).map((m) => m.subject)).toEqual([VERIFY_SUBJECT, VERIFY_SUBJECT, VERIFY_SUBJECT]);

    await shop.anon().post('/api/auth/verify').send({ token: first }).expect(200);
    await shop.anon().post('/api/auth/verify').send({ token: latest }).expect(400);
    c.advance(60 * 60 * 1000 + 1);
    await me.post('/api/auth/verify/resend').send({}).expect(409);
  });

  it('unknown, malformed or missing tokens are 400 with a message, and nothing changes', async () => {
    const { shop, worker } = setUp();
    const me = await signUp(shop);
    await worker.drain();
    catcher.messages.length = 0;
    for (const token of ['A'.repeat(43), 'short', 42, null, undefined, 'A'.repeat(42) + '\n', 'A'.repeat(10_000), ['x']]) {
      const res = await shop.anon().post('/api/auth/verify').send({ token }).expect(400);
      expect(res.body.message).toBe(VERIFY_LINK_INVALID);
    }
    await shop.anon().post('/api/auth/verify').send('[]').set('Content-Type', 'application/json').expect(400);
    expect((await me.get('/api/users/own').expect(200)).body.verified).toBe(false);
    await worker.drain();
    expect(catcher.messages).toEqual([]);
  });

  it('a sign-up refused (email taken) writes no mail', async () => {
    const { shop, worker } = setUp();
    await agent(shop.app).post('/api/auth/signup').send({ email: ACCOUNTS.user.email, password: NEW.password }).expect(409);
    await worker.drain();
    expect(catcher.messages).toEqual([]);
    expect(await outbox(shop)).toEqual([]);
  });
});
