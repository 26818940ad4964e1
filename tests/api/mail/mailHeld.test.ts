// Without a mail server (no SMTP_URL: the app's `mailHeld`), the outbox holds what it would send as
// 'held', the public mail status says so, and the answers that would say "we have sent" say the
// link waits in the outbox; an instance started with a mail server makes held messages pending
// (due at once), and one started without holds what was pending. Both drivers.
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app';
import { FORGOT_ANSWER, FORGOT_ANSWER_HELD } from '../../../server/modules/accounts/passwordReset';
import type { EmailMessage } from '../../../src/domain/mail';
import { ACCOUNTS, engineApp, expectNoLeaks, makeShop, TEST_COST, type TestShop } from '../fixtures';

afterEach(expectNoLeaks);

const emails = async (shop: TestShop) => (await (await shop.as('admin')).get('/api/admin/emails?_limit=100').expect(200)).body as EmailMessage[];
const forgot = (shop: TestShop) => shop.anon().post('/api/auth/forgot').send({ email: ACCOUNTS.user.email }).expect(202);

describe('mail without a mail server', () => {
  it('is held: the status says so, the reset answer says the link waits in the outbox, the message is stored held and never claimed', async () => {
    const shop = makeShop({ mailHeld: true });
    expect((await shop.anon().get('/api/mail-status').expect(200)).body).toEqual({ held: true });
    expect((await forgot(shop)).body).toEqual({ message: FORGOT_ANSWER_HELD });
    // The reset mail is written after the answer.
    await vi.waitFor(async () => expect(await emails(shop)).toHaveLength(1));
    const [held] = await emails(shop);
    expect(held).toMatchObject({ to: ACCOUNTS.user.email, status: 'held', attempts: 0 });
    expect(held.text).toMatch(/reset/i);
    expect(await shop.store.claimMail(Date.now() + 60_000, 10, 1000, 'worker')).toEqual([]);
    // "Send again" of a held message is held too.
    const copy = (await (await shop.as('admin')).post(`/api/admin/emails/${held.id}/resend`).send({}).expect(201)).body as EmailMessage;
    expect(copy.status).toBe('held');
  });

  it('an instance started with a mail server releases what was held (due at once); one started without holds what was pending', async () => {
    const first = engineApp({ mailHeld: true });
    const shop = { app: first.app, store: first.store } as TestShop;
    await request(first.app).post('/api/auth/forgot').send({ email: ACCOUNTS.user.email }).expect(202);
    await vi.waitFor(async () => expect((await first.store.listMail({})).items).toHaveLength(1));

    // The same database, an instance with a mail server.
    const sending = createApp({ store: first.store, secret: 'test-secret-test-secret-test-secret', passwordCost: TEST_COST });
    expect((await request(sending.app).get('/api/mail-status').expect(200)).body).toEqual({ held: false });
    expect(await sending.services.mail.holdOrRelease()).toBe(1);
    expect((await shop.store.listMail({})).items.map((m) => m.status)).toEqual(['pending']);
    const claimed = await shop.store.claimMail(Date.now() + 1000, 10, 1000, 'worker');
    expect(claimed).toHaveLength(1);

    // Back without one: what waits is held again (the claim's lease does not keep it pending).
    expect(await first.services.mail.holdOrRelease()).toBe(1);
    expect((await shop.store.listMail({})).items.map((m) => m.status)).toEqual(['held']);
    expect(await first.services.mail.holdOrRelease()).toBe(0);
  });

  it('with a mail server nothing is held and the answers say the link was sent', async () => {
    const shop = makeShop();
    expect((await shop.anon().get('/api/mail-status').expect(200)).body).toEqual({ held: false });
    expect((await forgot(shop)).body).toEqual({ message: FORGOT_ANSWER });
    await vi.waitFor(async () => expect(await emails(shop)).toHaveLength(1));
    expect((await emails(shop))[0].status).toBe('pending');
  });
});
