// Promotions in the back office: admins list, read, create, change and
// delete them (every field checked, a message per field, nothing changed on error; a code taken
// in any case is 409 naming it; each write audited), and the public banner's promotion in the
// words for who asks.
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/domain/backOffice';
import type { Promotion } from '../../../src/domain/checkout';
import type { StoreAdapter } from '../../../server/db/port';
import type { PgStore } from '../../../server/db/pgStore';
import { embeddedShop } from '../../pg/embeddedShop';
import { deferredStore, openShopStore } from '../../pg/shopDatabase';
import { ACCOUNTS, clock, ENGINE, expectNoLeaks, makeData, makeShop, type Agent, type ShopOptions } from '../fixtures';

afterEach(expectNoLeaks);

const BASE = '/api/admin/promotions';

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Spring sale',
  label: '10% off smartphones this spring',
  kind: 'percentage',
  value: 10,
  categories: ['smartphones'],
  ...overrides,
});

/** A shop whose database a test may also reach behind the API (to count uses the way orders do). */
function shopWithDb(options: ShopOptions = {}) {
  const data = makeData();
  let opened: Promise<PgStore>;
  let store: StoreAdapter;
  if (ENGINE === 'postgres') {
    opened = openShopStore(data);
    store = deferredStore(opened);
  } else {
    const shop = embeddedShop(data);
    opened = shop.opened;
    store = shop.store;
  }
  return { shop: makeShop({ ...options, store }), db: async () => (await opened).db };
}

async function create(a: Agent, overrides: Record<string, unknown> = {}): Promise<Promotion> {
  return (await a.post(BASE).send(body(overrides)).expect(201)).body as Promotion;
}

async function count(a: Agent): Promise<number> {
  return Number((await a.get(BASE).expect(200)).headers['x-total-count']);
}

describe('access', () => {
  it('anonymous callers get 401, shoppers 403, on every admin route; nothing is written', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const made = await create(admin);
    const user = await shop.as('user');
    const anon = shop.anon();
    const calls = (a: Agent) => [
      a.get(BASE),
      a.get(`${BASE}/${made.id}`),
      a.post(BASE).send(body({ name: 'Sneaky' })),
      a.patch(`${BASE}/${made.id}`).send({ value: 99 }),
      a.delete(`${BASE}/${made.id}`),
    ];
    for (const res of await Promise.all(calls(anon))) {
      expect(res.status).toBe(401);
      expect(res.body.message).toEqual(expect.any(String));
    }
    for (const res of await Promise.all(calls(user))) {
      expect(res.status).toBe(403);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await admin.get(BASE).expect(200)).body).toEqual([made]);
  });
});

describe('CRUD', () => {
  it('POST answers 201 with the promotion, defaults filled; GET lists newest first with X-Total-Count and pages', async () => {
    const a = await makeShop().as('admin');
    const first = await create(a);
    expect(first).toEqual({
      id: expect.any(Number),
      name: 'Spring sale',
      label: '10% off smartphones this spring',
      bannerText: null,
      memberBannerText: null,
      kind: 'percentage',
      value: 10,
      categories: ['smartphones'],
      products: [],
      code: null,
      stackable: false,
      membersOnly: false,
      minSubtotal: 0,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      perCustomerLimit: null,
      active: true,
      used: 0,
    });
    const second = await create(a, {
      name: 'Five off',
      label: '$5 off with FIVE',
      bannerText: '  Members: $5 off anything with the code FIVE  ',
      memberBannerText: 'Use FIVE for $5 off',
      kind: 'fixed',
      value: 5.5,
      categories: [],
      products: [1, 5],
      code: 'Five-5_off',
      stackable: true,
      membersOnly: true,
      minSubtotal: 49.99,
      startsAt: '2026-06-01',
      endsAt: '2026-06-30T23:59:59Z',
      usageLimit: 10,
      perCustomerLimit: 1,
      active: false,
    });
    expect(second).toMatchObject({
      bannerText: 'Members: $5 off anything with the code FIVE',
      memberBannerText: 'Use FIVE for $5 off',
      kind: 'fixed',
      value: 5.5,
      products: [1, 5],
      code: 'Five-5_off',
      stackable: true,
      membersOnly: true,
      minSubtotal: 49.99,
      startsAt: '2026-06-01T00:00:00.000Z',
      endsAt: '2026-06-30T23:59:59.000Z',
      usageLimit: 10,
      perCustomerLimit: 1,
      active: false,
      used: 0,
    });
    const third = await create(a, { name: 'Third' });
    const all = await a.get(BASE).expect(200);
    expect(all.headers['x-total-count']).toBe('3');
    expect((all.body as Promotion[]).map((p) => p.id)).toEqual([third.id, second.id, first.id]);
    const page2 = await a.get(`${BASE}?_page=2&_limit=2`).expect(200);
    expect(page2.headers['x-total-count']).toBe('3');
    expect(page2.body).toEqual([first]);
    expect((await a.get(`${BASE}/${second.id}`).expect(200)).body).toEqual(second);
    expect((await a.get(`${BASE}/999`).expect(404)).body.message).toBe('No such promotion');
    expect((await a.get(`${BASE}/abc`).expect(404)).body.message).toBe('No such promotion');
    expect((await a.get(`${BASE}?_page=0`).expect(400)).body.errors).toEqual({ _page: expect.any(String) });
  });

  it('PATCH changes only the given fields; DELETE answers 204 and the promotion is gone', async () => {
    const a = await makeShop().as('admin');
    const made = await create(a);
    const changed = (await a.patch(`${BASE}/${made.id}`).send({ value: 15, active: false, code: 'SPRING15' }).expect(200)).body;
    expect(changed).toEqual({ ...made, value: 15, active: false, code: 'SPRING15' });
    expect((await a.get(`${BASE}/${made.id}`).expect(200)).body).toEqual(changed);
    // Back to automatic; an empty change changes nothing.
    expect((await a.patch(`${BASE}/${made.id}`).send({ code: null }).expect(200)).body.code).toBeNull();
    expect((await a.patch(`${BASE}/${made.id}`).send({}).expect(200)).body).toEqual({ ...changed, code: null });
    // Banner words set, then emptied (blank is none: the banner shows the label).
    const worded = (await a.patch(`${BASE}/${made.id}`).send({ bannerText: 'Spring: 15% off', memberBannerText: 'Yours: 15% off' }).expect(200)).body;
    expect(worded).toEqual({ ...changed, code: null, bannerText: 'Spring: 15% off', memberBannerText: 'Yours: 15% off' });
    expect((await a.patch(`${BASE}/${made.id}`).send({ bannerText: null, memberBannerText: '  ' }).expect(200)).body).toEqual({ ...changed, code: null });
    await a.delete(`${BASE}/${made.id}`).expect(204);
    await a.get(`${BASE}/${made.id}`).expect(404);
    expect((await a.delete(`${BASE}/${made.id}`).expect(404)).body.message).toBe('No such promotion');
    expect((await a.patch(`${BASE}/${made.id}`).send({ value: 5 }).expect(404)).body.message).toBe('No such promotion');
    expect(await count(a)).toBe(0);
  });
});

describe('validation', () => {
  const BAD: [string, Record<string, unknown>, Record<string, string>][] = [
    ['no name', { name: undefined }, { name: 'Name is required' }],
    ['a blank name', { name: '  ' }, { name: 'Name is required' }],
    ['a long name', { name: 'n'.repeat(101) }, { name: 'Name must be at most 100 characters' }],
    ['no label', { label: undefined }, { label: 'Label is required' }],
    ['a label of 61 characters', { label: 'l'.repeat(61) }, { label: 'Label must be at most 60 characters' }],
    ['a blank label', { label: '   ' }, { label: 'Label is required' }],
    ['a banner text a number', { bannerText: 5 }, { bannerText: 'Banner text must be text, or empty' }],
    ['a banner text of 201 characters', { bannerText: 'b'.repeat(201) }, { bannerText: 'Banner text must be at most 200 characters' }],
    ["a members' banner text a list", { memberBannerText: ['x'] }, { memberBannerText: "Members' banner text must be text, or empty" }],
    ['a label a number', { label: 5 }, { label: 'Label is required' }],
    ['no kind', { kind: undefined }, { kind: 'Kind must be percentage or fixed' }],
    ['another kind', { kind: 'bogof' }, { kind: 'Kind must be percentage or fixed' }],
    ['no value', { value: undefined }, { value: 'Value is required' }],
    ['a value as text', { value: '10' }, { value: 'Value must be a number' }],
    ['a zero percentage', { value: 0 }, { value: 'Value must be between 0.01 and 100' }],
    ['a negative percentage', { value: -5 }, { value: 'Value must be between 0.01 and 100' }],
    ['over 100 %', { value: 100.01 }, { value: 'Value must be between 0.01 and 100' }],
    ['three decimals', { value: 10.005 }, { value: 'Value must have at most 2 decimals' }],
    ['a fixed amount over 10000', { kind: 'fixed', value: 10000.01 }, { value: 'Value must be between 0.01 and 10000' }],
    ['a negative fixed amount', { kind: 'fixed', value: -1 }, { value: 'Value must be between 0.01 and 10000' }],
    ['categories a word', { categories: 'smartphones' }, { categories: 'Categories must be a list of category names' }],
    ['an unknown category', { categories: ['smartphones', 'boats'] }, { categories: 'No such category: boats' }],
    ['products not ids', { products: ['1'] }, { products: 'Products must be a list of product ids' }],
    ['an unknown product', { products: [1, 77, 78] }, { products: 'No such products: 77, 78' }],
    ['a short code', { code: 'AB' }, { code: 'Code must be 3 to 32 letters, digits, - or _ (or none: applied automatically)' }],
    ['a long code', { code: 'C'.repeat(33) }, { code: 'Code must be 3 to 32 letters, digits, - or _ (or none: applied automatically)' }],
    ['a code with a space', { code: 'SAVE 10' }, { code: 'Code must be 3 to 32 letters, digits, - or _ (or none: applied automatically)' }],
    ['an empty code', { code: '' }, { code: 'Code must be 3 to 32 letters, digits, - or _ (or none: applied automatically)' }],
    ['stackable a word', { stackable: 'yes' }, { stackable: 'Stackable must be true or false' }],
    ['membersOnly a number', { membersOnly: 1 }, { membersOnly: 'Members only must be true or false' }],
    ['active null', { active: null }, { active: 'Active must be true or false' }],
    ['a negative minimum', { minSubtotal: -1 }, { minSubtotal: 'Minimum subtotal must be a number from 0 to 1000000' }],
    ['a minimum of three decimals', { minSubtotal: 1.001 }, { minSubtotal: 'Minimum subtotal must have at most 2 decimals' }],
    ['a start that is no date', { startsAt: 'tomorrow' }, { startsAt: 'Starts at must be a date (YYYY-MM-DD or an ISO date-time with its zone), or empty' }],
    ['a start on 30 February', { startsAt: '2026-02-30' }, { startsAt: 'Starts at must be a date (YYYY-MM-DD or an ISO date-time with its zone), or empty' }],
    ['an end without its zone', { endsAt: '2026-07-01T10:00' }, { endsAt: 'Ends at must be a date (YYYY-MM-DD or an ISO date-time with its zone), or empty' }],
    // Dates of the years 1970 to 9999 only (UTC), whichever zone they are written in.
    ['an end past the year 9999', { endsAt: '9999-12-31T23:00:00-05:00' }, { endsAt: 'Ends at must be between 1970-01-01 and 9999-12-31' }],
    ['an end in the year 10000', { endsAt: '+010000-01-01T00:00:00.000Z' }, { endsAt: 'Ends at must be a date (YYYY-MM-DD or an ISO date-time with its zone), or empty' }],
    ['a start before 1970', { startsAt: '1969-12-31' }, { startsAt: 'Starts at must be between 1970-01-01 and 9999-12-31' }],
    ['a start before 1970 in UTC', { startsAt: '1970-01-01T00:30:00+01:00' }, { startsAt: 'Starts at must be between 1970-01-01 and 9999-12-31' }],
    ['a start in the year 0', { startsAt: '0000-01-01' }, { startsAt: 'Starts at must be between 1970-01-01 and 9999-12-31' }],
    ['an end before the start', { startsAt: '2026-07-01', endsAt: '2026-06-30' }, { endsAt: 'Ends at must be after Starts at' }],
    ['an end at the start', { startsAt: '2026-07-01T00:00:00Z', endsAt: '2026-07-01' }, { endsAt: 'Ends at must be after Starts at' }],
    ['a usage limit of 0', { usageLimit: 0 }, { usageLimit: 'Usage limit must be a whole number of at least 1, or empty' }],
    ['a usage limit of 1.5', { usageLimit: 1.5 }, { usageLimit: 'Usage limit must be a whole number of at least 1, or empty' }],
    ['a per customer limit as text', { perCustomerLimit: '2' }, { perCustomerLimit: 'Per customer limit must be a whole number of at least 1, or empty' }],
  ];

  it('POST with a bad field: 400 with the field message, nothing created', async () => {
    const a = await makeShop().as('admin');
    for (const [what, overrides, errors] of BAD) {
      const res = await a.post(BASE).send(body(overrides));
      expect(res.status, what).toBe(400);
      expect(res.body, what).toEqual({ message: 'Invalid promotion', errors });
    }
    expect(await count(a)).toBe(0);
  });

  it('takes dates from the first instant of 1970 to the last of 9999, and gives them back as stored', async () => {
    const a = await makeShop().as('admin');
    const made = await create(a, { startsAt: '1970-01-01', endsAt: '9999-12-31T23:59:59.999Z' });
    expect(made).toMatchObject({ startsAt: '1970-01-01T00:00:00.000Z', endsAt: '9999-12-31T23:59:59.999Z' });
    expect((await a.get(`${BASE}/${made.id}`).expect(200)).body).toEqual(made);
    const moved = await a.patch(`${BASE}/${made.id}`).send({ endsAt: '9999-12-31T18:59:59-05:00' }).expect(200);
    expect(moved.body.endsAt).toBe('9999-12-31T23:59:59.000Z');
  });

  it('names every bad field at once; a body that is not an object is 400', async () => {
    const a = await makeShop().as('admin');
    const res = await a.post(BASE).send({ kind: 'percentage', value: 150, code: 'x' }).expect(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['code', 'label', 'name', 'value']);
    expect((await a.post(BASE).send([body()]).expect(400)).body.message).toBe('Request body must be a JSON object');
    expect(await count(a)).toBe(0);
  });

  it('PATCH judges a field with the stored others and changes nothing on error', async () => {
    const a = await makeShop().as('admin');
    const made = await create(a, { kind: 'fixed', value: 150, startsAt: '2026-07-01', endsAt: '2026-08-01' });
    const bad: [Record<string, unknown>, Record<string, string>][] = [
      [{ kind: 'percentage' }, { value: 'Value must be between 0.01 and 100' }],
      [{ endsAt: '2026-06-01' }, { endsAt: 'Ends at must be after Starts at' }],
      [{ startsAt: '2026-09-01' }, { endsAt: 'Ends at must be after Starts at' }],
      [{ name: '' }, { name: 'Name is required' }],
      [{ label: 'x'.repeat(61), bannerText: 7 }, { label: 'Label must be at most 60 characters', bannerText: 'Banner text must be text, or empty' }],
      [{ categories: ['boats'] }, { categories: 'No such category: boats' }],
      [{ active: 'no' }, { active: 'Active must be true or false' }],
    ];
    for (const [change, errors] of bad) {
      expect((await a.patch(`${BASE}/${made.id}`).send(change).expect(400)).body, JSON.stringify(change)).toEqual({ message: 'Invalid promotion', errors });
    }
    expect((await a.get(`${BASE}/${made.id}`).expect(200)).body).toEqual(made);
    // Together they fit: a percentage of 15 %, an open end.
    expect((await a.patch(`${BASE}/${made.id}`).send({ kind: 'percentage', value: 15, endsAt: null }).expect(200)).body).toMatchObject({ kind: 'percentage', value: 15, endsAt: null });
  });

  it('a usage limit below the uses so far is refused', async () => {
    const { shop, db } = shopWithDb();
    const a = await shop.as('admin');
    const made = await create(a, { code: 'TEN', usageLimit: 10 });
    // Orders count uses in the transaction that places them (promotionUse); three so far.
    await (await db()).updateTable('promotions').set({ used: 3 }).where('id', '=', made.id).execute();
    const res = await a.patch(`${BASE}/${made.id}`).send({ usageLimit: 2 }).expect(400);
    expect(res.body).toEqual({ message: 'Invalid promotion', errors: { usageLimit: 'Usage limit cannot be below the 3 uses so far' } });
    expect((await a.get(`${BASE}/${made.id}`).expect(200)).body).toMatchObject({ usageLimit: 10, used: 3 });
    expect((await a.patch(`${BASE}/${made.id}`).send({ usageLimit: 3, used: 0 }).expect(200)).body).toMatchObject({ usageLimit: 3, used: 3 });
  });

  it('a code another promotion has, in any case, is 409 naming it, on create and on change', async () => {
    const a = await makeShop().as('admin');
    const save = await create(a, { code: 'Save10' });
    const other = await create(a, { code: 'OTHER' });
    for (const code of ['Save10', 'SAVE10', 'save10']) {
      const res = await a.post(BASE).send(body({ name: 'Clash', code })).expect(409);
      expect(res.body.message).toBe(`Another promotion has the code ${code} (codes are the same whatever the case)`);
      expect(res.body.errors).toEqual({ code: res.body.message });
    }
    const res = await a.patch(`${BASE}/${other.id}`).send({ code: 'sAvE10', value: 50 }).expect(409);
    expect(res.body.message).toContain('sAvE10');
    expect((await a.get(`${BASE}/${other.id}`).expect(200)).body).toEqual(other);
    expect(await count(a)).toBe(2);
    // Its own code in another case is no clash.
    expect((await a.patch(`${BASE}/${save.id}`).send({ code: 'SAVE10' }).expect(200)).body.code).toBe('SAVE10');
  });
});

describe('audit', () => {
  it('records promotion.create, promotion.update (the changed fields) and promotion.delete by the admin', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    const made = await create(a, { code: 'AUDIT' });
    await a.patch(`${BASE}/${made.id}`).send({ value: 20, label: 'Twenty' }).expect(200);
    // A change that changes nothing records nothing; a refused one neither.
    await a.patch(`${BASE}/${made.id}`).send({ value: 20 }).expect(200);
    await a.patch(`${BASE}/${made.id}`).send({ value: 200 }).expect(400);
    await a.delete(`${BASE}/${made.id}`).expect(204);
    const entries = (await a.get('/api/admin/audit?entity=promotion').expect(200)).body as AuditEntry[];
    const actor = { id: ACCOUNTS.admin.id, email: ACCOUNTS.admin.email, role: 'admin' };
    const { used: _used, ...fields } = made;
    void _used;
    expect(entries).toEqual([
      { id: expect.any(Number), at: expect.any(String), actor, action: 'promotion.delete', entity: 'promotion', entityId: String(made.id), before: { ...fields, value: 20, label: 'Twenty' }, after: null },
      { id: expect.any(Number), at: expect.any(String), actor, action: 'promotion.update', entity: 'promotion', entityId: String(made.id), before: { value: 10, label: made.label }, after: { value: 20, label: 'Twenty' } },
      { id: expect.any(Number), at: expect.any(String), actor, action: 'promotion.create', entity: 'promotion', entityId: String(made.id), before: null, after: fields },
    ]);
  });
});

describe('GET /api/promotions/banner', () => {
  it('answers the active automatic promotion with the lowest id, to anyone; 204 when none is on', async () => {
    const time = clock(Date.UTC(2026, 5, 15));
    const { shop, db } = shopWithDb({ now: time.now, sessionTtlMs: 90 * 86_400_000 });
    const a = await shop.as('admin');
    const anon = shop.anon();
    await anon.get('/api/promotions/banner').expect(204);
    // Codes, inactive ones, those not started, ended or used up are not announced.
    await create(a, { code: 'CODE1' });
    await create(a, { name: 'Off', active: false });
    await create(a, { name: 'Later', startsAt: '2026-07-01' });
    await create(a, { name: 'Over', endsAt: '2026-06-15T00:00:00Z' });
    const usedUp = await create(a, { name: 'Used up', usageLimit: 1 });
    await (await db()).updateTable('promotions').set({ used: 1 }).where('id', '=', usedUp.id).execute();
    await anon.get('/api/promotions/banner').expect(204);
    const members = await create(a, { name: 'Members', label: 'Members get 20% off', membersOnly: true, startsAt: '2026-06-01', endsAt: '2026-07-01' });
    await create(a, { name: 'Second', label: 'Also on' });
    // No banner words: the label, for everyone.
    expect((await anon.get('/api/promotions/banner').expect(200)).body).toEqual({ id: members.id, text: 'Members get 20% off', membersOnly: true, has: false });
    const user = await shop.as('user');
    expect((await user.get('/api/promotions/banner').expect(200)).body.id).toBe(members.id);
    // A month on: the members' one has ended and 'Later' has started (a lower id than 'Second').
    time.advance(16 * 86_400_000);
    const later = ((await a.get(BASE).expect(200)).body as Promotion[]).find((p) => p.name === 'Later')!;
    expect((await anon.get('/api/promotions/banner').expect(200)).body).toEqual({ id: later.id, text: later.label, membersOnly: false, has: true });
    await a.patch(`${BASE}/${later.id}`).send({ active: false }).expect(200);
    expect((await anon.get('/api/promotions/banner').expect(200)).body).toMatchObject({ text: 'Also on', membersOnly: false, has: true });
  });

  it("a members' promotion offers itself to who is no member, and tells a member what they have; the discount line is its short label", async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    const offer = 'Apply for Membership ,and get 20% instant discount on Electronics Products, Hurry, Offer Ending Soon!';
    const label = "Members' 20% off Electronics, phones and laptops alike, now!";
    expect(label).toHaveLength(60);
    const made = await create(a, { name: 'Members', label, bannerText: offer, memberBannerText: 'Members save 20% on Electronics', membersOnly: true, categories: ['smartphones', 'laptops'] });
    const user = await shop.as('user');
    const member = await shop.as('other');
    // A member without end, as the seed's members are (paid membership: tests/api/membership/).
    await shop.update((d) => {
      d.users.find((u) => u.id === 3)!.member = true;
    });
    const banner = { id: made.id, membersOnly: true };
    expect((await shop.anon().get('/api/promotions/banner').expect(200)).body).toEqual({ ...banner, text: offer, has: false });
    expect((await user.get('/api/promotions/banner').expect(200)).body).toEqual({ ...banner, text: offer, has: false });
    expect((await member.get('/api/promotions/banner').expect(200)).body).toEqual({ ...banner, text: 'Members save 20% on Electronics', has: true });
    // Without members' words a member reads the label, never the offer to join.
    await a.patch(`${BASE}/${made.id}`).send({ memberBannerText: null }).expect(200);
    expect((await member.get('/api/promotions/banner').expect(200)).body).toEqual({ ...banner, text: label, has: true });
    // The member's cart (2 iPhones): the discount line says the label.
    const quote = (await member.post('/api/checkout/quote').send({}).expect(200)).body;
    expect(quote.promotions).toEqual([{ id: made.id, code: null, label, amount: expect.any(Number) }]);
    // A promotion for everyone: its banner words to anyone, who has it already.
    await a.patch(`${BASE}/${made.id}`).send({ membersOnly: false, bannerText: '20% off Electronics for everyone' }).expect(200);
    for (const who of [shop.anon(), user, member]) {
      expect((await who.get('/api/promotions/banner').expect(200)).body).toEqual({ id: made.id, membersOnly: false, text: '20% off Electronics for everyone', has: true });
    }
  });
});
