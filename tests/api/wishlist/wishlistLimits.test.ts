// The wishlist's bounds, on both drivers: at most 500 items and 200 stock alerts a shopper (409,
// nothing changed, also when saves race for the last place); answers carry a summary of each
// product (the price the shopper can buy it at) and its saved choice, never every variant; the
// list is paged as the shopper's orders are (_page/_limit, X-Total-Count, Link); and a full
// wishlist of 500-variant products answers in well under a megabyte. The large data is written
// with SQL in a few statements, not through hundreds of requests.
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/schema';
import { PRODUCT_COLUMNS } from '../../../server/modules/catalogue/pg/productRows';
import { MAX_PAGE_SIZE } from '../../../src/domain/constants';
import { MAX_STOCK_ALERTS, MAX_WISHLIST_ITEMS, STOCK_ALERTS_FULL, WISHLIST_FULL, type WishlistItem } from '../../../src/domain/wishlist';
import { embeddedShop } from '../../pg/embeddedShop';
import { openShopStore } from '../../pg/shopDatabase';
import { ENGINE, expectNoLeaks, makeData, makeShop, orderBody, PRODUCTS, type Agent, type TestShop } from '../fixtures';

afterEach(expectNoLeaks);

const LAPTOP = 'Zenbook 14';

/** The fixture shop plus a laptop whose cheapest choice (8 GB, $1,374) is sold out; 16 GB $1,599 and 32 GB $1,899 are in stock. */
function withLaptop() {
  const data = makeData();
  data.products.push({
    ...structuredClone(PRODUCTS[0]),
    id: 7,
    title: LAPTOP,
    brand: 'Asus',
    price: 1599,
    discountPercentage: 0,
    stock: 5,
    options: [{ name: 'Memory', values: ['8 GB', '16 GB', '32 GB'] }, { name: 'Colour', values: ['Grey'] }],
    variants: [
      { id: 201, sku: 'ZB-8', options: { Colour: 'Grey', Memory: '8 GB' }, price: 1374, discountPercentage: null, stock: 0 },
      { id: 202, sku: 'ZB-16', options: { Memory: '16 GB', Colour: 'Grey' }, price: null, discountPercentage: null, stock: 3 },
      { id: 203, sku: 'ZB-32', options: { Memory: '32 GB', Colour: 'Grey' }, price: 1999, discountPercentage: 5, stock: 2 },
    ],
  });
  return data;
}

describe('wishlist answers', () => {
  it('carry a summary of the product at the price the shopper can buy it, and the saved choice named', async () => {
    const shop = makeShop({ data: withLaptop() });
    const user = await shop.as('user');
    const whole: WishlistItem = (await user.post('/api/wishlist').send({ product: 7 }).expect(201)).body;
    // The product as a whole: its cheapest choice in stock (16 GB), not the sold-out 8 GB.
    expect(whole).toEqual({
      id: expect.any(Number),
      product: { id: 7, title: LAPTOP, thumbnail: PRODUCTS[0].thumbnail, brand: 'Asus', price: 1599, stock: 5, soldOut: false, hasOptions: true, deleted: false, minimumOrderQuantity: 1 },
      variant: null,
      createdAt: expect.any(String),
    });
    const cheapest: WishlistItem = (await user.post('/api/wishlist').send({ product: 7, variant: 201 }).expect(201)).body;
    // The saved choice: its own price and stock, its options in the product's order.
    expect(cheapest.product).toMatchObject({ id: 7, price: 1374, stock: 0, soldOut: true, hasOptions: true });
    expect(cheapest.variant).toEqual({ id: 201, sku: 'ZB-8', options: [{ name: 'Memory', value: '8 GB' }, { name: 'Colour', value: 'Grey' }] });
    const dearest: WishlistItem = (await user.post('/api/wishlist').send({ product: 7, variant: 203 }).expect(201)).body;
    expect(dearest.product).toMatchObject({ price: 1899, stock: 2, soldOut: false });
    // Sold out as a whole: the last price, its cheapest choice's.
    const air: WishlistItem = (await user.post('/api/wishlist').send({ product: 3 }).expect(201)).body;
    expect(air.product).toMatchObject({ id: 3, price: 2000, stock: 0, soldOut: true, hasOptions: false });

    const res = await user.get('/api/wishlist').expect(200);
    expect(res.headers['x-total-count']).toBe('4');
    expect(res.body).toEqual([air, dearest, cheapest, whole]);
    // No product's variants, reviews or description.
    expect(Object.keys(res.body[0].product).sort()).toEqual(['brand', 'deleted', 'hasOptions', 'id', 'minimumOrderQuantity', 'price', 'soldOut', 'stock', 'thumbnail', 'title']);

    // The admin sells the last 16 GB: the whole laptop now costs its 32 GB price.
    const admin = await shop.as('admin');
    const p = (await admin.get('/api/products/7').expect(200)).body;
    await admin
      .patch('/api/products/7')
      .send({ options: p.options, variants: p.variants.map((v: { id: number }) => (v.id === 202 ? { ...v, stock: 0 } : v)) })
      .expect(200);
    const after: WishlistItem[] = (await user.get('/api/wishlist').expect(200)).body;
    expect(after.find((i) => i.id === whole.id)!.product).toMatchObject({ price: 1899, stock: 2, soldOut: false });

    // An order takes the last 32 GB: sold out as a whole, at its cheapest choice's last price.
    await user.post('/api/orders').send(orderBody([{ product: 7, quantity: 2 }], { items: [{ product: 7, variant: 203, quantity: 2 }] })).expect(201);
    const soldOut: WishlistItem[] = (await user.get('/api/wishlist').expect(200)).body;
    expect(soldOut.find((i) => i.id === whole.id)!.product).toMatchObject({ price: 1374, stock: 0, soldOut: true });
  });

  it('are paged as the shopper’s orders: _page/_limit, X-Total-Count, Link; bad paging → 400', async () => {
    const shop = makeShop({ data: withLaptop() });
    const user = await shop.as('user');
    const saved: number[] = [];
    for (const body of [{ product: 1 }, { product: 2 }, { product: 3 }, { product: 5 }, { product: 7 }]) {
      saved.unshift(((await user.post('/api/wishlist').send(body).expect(201)).body as WishlistItem).id);
    }
    const page2 = await user.get('/api/wishlist?_page=2&_limit=2').expect(200);
    expect(page2.body.map((i: WishlistItem) => i.id)).toEqual(saved.slice(2, 4));
    expect(page2.headers['x-total-count']).toBe('5');
    const links = page2.headers.link as string;
    for (const [rel, n] of [['first', 1], ['prev', 1], ['next', 3], ['last', 3]] as const) {
      expect(links).toContain(`</api/wishlist?_page=${n}&_limit=2>; rel="${rel}"`);
    }
    expect((await user.get('/api/wishlist?_page=4&_limit=2').expect(200)).body).toEqual([]);
    // No paging: the whole list (a wishlist fits in one page of MAX_PAGE_SIZE), no Link.
    const all = await user.get('/api/wishlist').expect(200);
    expect(all.body.map((i: WishlistItem) => i.id)).toEqual(saved);
    expect(all.headers.link).toBeUndefined();
    for (const bad of ['_page=0', '_limit=abc', `_limit=${MAX_PAGE_SIZE + 1}`, '_page=1&_page=2']) {
      const res = await user.get(`/api/wishlist?${bad}`).expect(400);
      expect(res.body.message, bad).toEqual(expect.any(String));
    }
  });
});

// --- A full wishlist of 500-variant products ---------------------------------------------------

/** Products of SIZES × COLOURS = 500 variants each; a full wishlist saves each as a whole and PER_PRODUCT − 1 of its choices. */
const BIG = 10;
const PER_PRODUCT = MAX_WISHLIST_ITEMS / BIG;
const SIZES = 25;
const COLOURS = 20;

/** A shop on ENGINE and its database, for SQL behind the API's back. */
async function shopWithDb(): Promise<{ shop: TestShop; db: Kysely<Database> }> {
  if (ENGINE === 'postgres') {
    const store = await openShopStore(makeData());
    return { shop: makeShop({ store }), db: store.db };
  }
  // The test file's database (the shops before it are done with it).
  const embedded = embeddedShop(makeData());
  return { shop: makeShop({ store: embedded.store }), db: (await embedded.opened).db };
}

/**
 * BIG products (copies of product 1) of SIZES × COLOURS = 500 variants each, every third sold
 * out, their prices rising from $100: in three statements. Their ids, in order.
 */
async function addBigProducts(db: Kysely<Database>): Promise<number[]> {
  const columns = PRODUCT_COLUMNS.filter((c) => c !== 'id' && c !== 'title');
  const options = JSON.stringify([
    { name: 'Size', values: Array.from({ length: SIZES }, (_, i) => `S${i + 1}`) },
    { name: 'Colour', values: Array.from({ length: COLOURS }, (_, i) => `C${i + 1}`) },
  ]);
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const from = sql.join(columns.map((c) => sql.ref(`p.${c}`)));
  const { rows } = await sql<{ id: number }>`
    INSERT INTO products (title, options, ${list})
    SELECT 'Big product ' || g, ${options}::jsonb, ${from} FROM products p CROSS JOIN generate_series(1, ${BIG}) g WHERE p.id = 1
    RETURNING id`.execute(db);
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  const choice = (n: string) => sql`jsonb_build_object('Size', 'S' || (${sql.raw(n)} / ${COLOURS} + 1), 'Colour', 'C' || (${sql.raw(n)} % ${COLOURS} + 1))`;
  // The variant every product gets becomes choice 0; choices 1..499 are added.
  await sql`UPDATE variants SET options = ${choice('0')}, price = 100, discount_percentage = 0, stock = 0 WHERE product_id = ANY(${ids}::int[])`.execute(db);
  await sql`
    INSERT INTO variants (product_id, sku, options, price, discount_percentage, stock, position)
    SELECT p, 'BIG-' || p || '-' || n, ${choice('n')}, 100 + n, 0, CASE WHEN n % 3 = 0 THEN 0 ELSE 5 END, n
    FROM unnest(${ids}::int[]) p CROSS JOIN generate_series(1, ${SIZES * COLOURS - 1}) n`.execute(db);
  return ids;
}

/**
 * The first `count` items of a full wishlist in user 2's, the first oldest: each product as a whole,
 * then its choices 1, 2, … (variants by position).
 */
async function saveBySql(db: Kysely<Database>, products: readonly number[], count: number): Promise<void> {
  await sql`
    INSERT INTO wishlist_items (user_id, product_id, variant_id, created_at, last_price)
    SELECT 2, s.p, (SELECT v.id FROM variants v WHERE v.product_id = s.p AND v.position = j AND j > 0),
      timestamptz '2026-01-01' + ((s.i - 1) * ${PER_PRODUCT} + j) * interval '1 second', 10000
    FROM unnest(${products}::int[]) WITH ORDINALITY AS s(p, i) CROSS JOIN generate_series(0, ${PER_PRODUCT - 1}) j
    ORDER BY s.i, j LIMIT ${count}`.execute(db);
}

/** The id of the variant of `product` at `position`. */
const variantAt = async (db: Kysely<Database>, product: number, position: number) =>
  (await db.selectFrom('variants').select('id').where('product_id', '=', product).where('position', '=', position).executeTakeFirstOrThrow()).id;

const wishlistIds = async (db: Kysely<Database>) =>
  (await db.selectFrom('wishlist_items').select('id').where('user_id', '=', 2).orderBy('id').execute()).map((r) => r.id);

describe('a full wishlist', () => {
  let shop: TestShop;
  let db: Kysely<Database>;
  let big: number[];
  let user: Agent;

  beforeAll(async () => {
    ({ shop, db } = await shopWithDb());
    big = await addBigProducts(db);
    await saveBySql(db, big, MAX_WISHLIST_ITEMS - 3);
    user = await shop.as('user');
  });

  it('takes the 500th item, also when saves race for it, and refuses the 501st with 409, changing nothing', async () => {
    const last = big[BIG - 1];
    await user.post('/api/wishlist').send({ product: last, variant: await variantAt(db, last, PER_PRODUCT - 3) }).expect(201);
    await user.post('/api/wishlist').send({ product: last, variant: await variantAt(db, last, PER_PRODUCT - 2) }).expect(201);
    // Three saves at once for the last place: one is taken.
    const race = await Promise.all([1, 2, 3].map((n) => user.post('/api/wishlist').send({ product: n })));
    expect(race.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const refused of race.filter((r) => r.status === 409)) expect(refused.body).toEqual({ message: WISHLIST_FULL });
    const before = await wishlistIds(db);
    expect(before).toHaveLength(MAX_WISHLIST_ITEMS);

    const full = await user.post('/api/wishlist').send({ product: 5 }).expect(409);
    expect(full.body).toEqual({ message: WISHLIST_FULL });
    // One saved already is named as such.
    expect((await user.post('/api/wishlist').send({ product: big[0] }).expect(409)).body.message).toBe('"Big product 1" is in your wishlist already');
    expect(await wishlistIds(db)).toEqual(before);
    // Someone else's wishlist is not full.
    await (await shop.as('other')).post('/api/wishlist').send({ product: 5 }).expect(201);
  });

  it('answers 500 items of 500-variant products (each item’s product would carry them all) in under a megabyte, and pages them', async () => {
    const res = await user.get('/api/wishlist').expect(200);
    expect(res.headers['x-total-count']).toBe(String(MAX_WISHLIST_ITEMS));
    expect(res.body).toHaveLength(MAX_WISHLIST_ITEMS);
    expect(Buffer.byteLength(res.text)).toBeLessThan(1_000_000);
    const oldest: WishlistItem = res.body.at(-1);
    expect(oldest.product).toMatchObject({ id: big[0], title: 'Big product 1', price: 101, soldOut: false, hasOptions: true });
    expect(oldest.variant).toBeNull();
    const second: WishlistItem = res.body.at(-2);
    expect(second.variant).toEqual({ id: await variantAt(db, big[0], 1), sku: `BIG-${big[0]}-1`, options: [{ name: 'Size', value: 'S1' }, { name: 'Colour', value: 'C2' }] });
    expect(second.product).toMatchObject({ price: 101, stock: 5 });

    const page = await user.get('/api/wishlist?_page=3&_limit=20').expect(200);
    expect(page.body).toEqual(res.body.slice(40, 60));
    expect(page.headers['x-total-count']).toBe(String(MAX_WISHLIST_ITEMS));
    expect(page.headers.link).toContain(`</api/wishlist?_page=25&_limit=20>; rel="last"`);
  });

  it('holds at most 200 stock alerts a shopper: the 201st → 409, changing nothing', async () => {
    const soldOut = await db
      .selectFrom('variants')
      .select(['id', 'product_id'])
      .where('stock', '=', 0)
      .where('product_id', '=', sql<number>`ANY(${big}::int[])`)
      .orderBy('id')
      .limit(MAX_STOCK_ALERTS + 1)
      .execute();
    await db
      .insertInto('stock_alerts')
      .values(soldOut.slice(0, MAX_STOCK_ALERTS - 1).map((v) => ({ user_id: 2, product_id: v.product_id, variant_id: v.id, created_at: new Date() })))
      .execute();
    const [last, beyond] = soldOut.slice(MAX_STOCK_ALERTS - 1);
    await user.post('/api/stock-alerts').send({ product: last.product_id, variant: last.id }).expect(201);
    const refused = await user.post('/api/stock-alerts').send({ product: beyond.product_id, variant: beyond.id }).expect(409);
    expect(refused.body).toEqual({ message: STOCK_ALERTS_FULL });
    expect((await user.get('/api/stock-alerts').expect(200)).body).toHaveLength(MAX_STOCK_ALERTS);
    await (await shop.as('other')).post('/api/stock-alerts').send({ product: beyond.product_id, variant: beyond.id }).expect(201);
  });
});
