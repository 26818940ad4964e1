// Variants: a product's options and variants in its answer, each variant with its own
// stock and price; the cart holds variants, an order takes stock from its lines' variants and
// gives it back to them. On both drivers (tests/api/fixtures.ts).
import { afterEach, describe, expect, it } from 'vitest';
import type { DbSchema } from '../../../server/db/snapshot';
import { address, expectNoLeaks, makeData, makeShop, PRODUCTS } from '../fixtures';

afterEach(expectNoLeaks);

const SIZE = { name: 'Size', values: ['42', '43', '44'] };

/** The fixture shop plus boots in three sizes: 43 sold out, 44 dearer (120 instead of 100, 10 % off). */
function withBoots(): DbSchema {
  const data = makeData();
  data.products.push({
    ...structuredClone(PRODUCTS[0]),
    id: 6,
    title: 'Stridewell Waterproof Chelsea Boots',
    category: 'smartphones',
    price: 100,
    discountPercentage: 10,
    stock: 5,
    options: [SIZE],
    variants: [
      { id: 101, sku: 'BOOT-42', options: { Size: '42' }, price: null, discountPercentage: null, stock: 3 },
      { id: 102, sku: 'BOOT-43', options: { Size: '43' }, price: null, discountPercentage: null, stock: 0 },
      { id: 103, sku: 'BOOT-44', options: { Size: '44' }, price: 120, discountPercentage: null, stock: 2 },
    ],
  });
  return data;
}

// Cash: a cancelled card order is refunded and cannot be reopened, and these tests reopen one.
const order = (items: unknown[]) => ({ items, paymentMethod: 'cash', selectedAddress: address() });

/** The stock of each of the boots' variants, by SKU, and the product's. */
async function bootStock(shop: ReturnType<typeof makeShop>) {
  const boots = (await shop.anon().get('/api/products/6').expect(200)).body;
  return { product: boots.stock, ...Object.fromEntries(boots.variants.map((v: { sku: string; stock: number }) => [v.sku, v.stock])) };
}

describe('a product answer', () => {
  it('carries its options and variants; stock is their sum; salePrice the lowest price a shopper would pay', async () => {
    const shop = makeShop({ data: withBoots() });
    const boots = (await shop.anon().get('/api/products/6').expect(200)).body;
    expect(boots.options).toEqual([SIZE]);
    expect(boots.variants.map((v: { sku: string }) => v.sku)).toEqual(['BOOT-42', 'BOOT-43', 'BOOT-44']);
    expect(boots.variants[2]).toEqual({ id: 103, sku: 'BOOT-44', options: { Size: '44' }, price: 120, discountPercentage: null, stock: 2 });
    expect(boots.stock).toBe(5);
    expect(boots.salePrice).toBe(90);
    // The price filter and sort read the same lowest price.
    const cheap = await shop.anon().get('/api/products?salePrice_lte=90&id=6').expect(200);
    expect(cheap.body.map((p: { id: number }) => p.id)).toEqual([6]);
    // A product without options has one variant holding its stock.
    const phone = (await shop.anon().get('/api/products/1').expect(200)).body;
    expect(phone.options).toEqual([]);
    expect(phone.variants).toEqual([{ id: expect.any(Number), sku: 'SKU-1', options: {}, price: null, discountPercentage: null, stock: 10 }]);
  });

  it('is in stock while any variant is, out of stock once all are sold', async () => {
    const shop = makeShop({ data: withBoots() });
    const inStock = async () => (await shop.anon().get('/api/products?stock_gte=1&id=6').expect(200)).body.length === 1;
    expect(await inStock()).toBe(true);
    const admin = await shop.as('admin');
    // The admin form's stock on a product without options sets its only variant's stock.
    await admin.patch('/api/products/1').send({ stock: 0 }).expect(200);
    expect((await shop.anon().get('/api/products/1').expect(200)).body.variants[0].stock).toBe(0);
    await shop.update((data) => {
      for (const v of data.products[5].variants!) v.stock = 0;
    });
    expect(await inStock()).toBe(false);
    expect((await shop.anon().get('/api/products/facets?id=6').expect(200)).body.inStock).toBe(0);
  });
});

describe('the cart holds variants', () => {
  it('asks which variant of a product with options (400 naming the option), none of one without', async () => {
    const shop = makeShop({ data: withBoots() });
    const user = await shop.as('user');
    const missing = await user.post('/api/cart').send({ product: 6, quantity: 1 }).expect(400);
    expect(missing.body.errors).toEqual({ variant: 'Choose a Size' });
    const foreign = await user.post('/api/cart').send({ product: 6, variant: 1, quantity: 1 }).expect(400);
    expect(foreign.body.errors.variant).toMatch(/not sold/);
    expect((await shop.state()).cart).toHaveLength(1);
    const plain = await user.post('/api/cart').send({ product: 1, quantity: 1 }).expect(201);
    expect(plain.body.variant).toMatchObject({ sku: 'SKU-1', options: {}, price: 1000, discountPercentage: 10, salePrice: 900, stock: 10 });
  });

  it('two variants are two lines, the same variant twice 409, a sold-out one 409 naming it', async () => {
    const shop = makeShop({ data: withBoots() });
    const user = await shop.as('user');
    const first = await user.post('/api/cart').send({ product: 6, variant: 101, quantity: 2 }).expect(201);
    expect(first.body.variant).toEqual({ id: 101, sku: 'BOOT-42', options: { Size: '42' }, price: 100, discountPercentage: 10, salePrice: 90, stock: 3 });
    const second = await user.post('/api/cart').send({ product: 6, variant: { id: 103 }, quantity: 1 }).expect(201);
    expect(second.body.variant).toMatchObject({ id: 103, price: 120, discountPercentage: 10, salePrice: 108 });
    const again = await user.post('/api/cart').send({ product: 6, variant: 101, quantity: 1 }).expect(409);
    expect(again.body.message).toMatch(/Stridewell Waterproof Chelsea Boots" \(Size 42\) .*already/);
    const soldOut = await user.post('/api/cart').send({ product: 6, variant: 102, quantity: 1 }).expect(409);
    expect(soldOut.body.message).toBe('"Stridewell Waterproof Chelsea Boots (Size 43)" is out of stock');
    const lines = (await user.get('/api/cart').expect(200)).body;
    expect(lines.map((l: { variant: { sku: string } }) => l.variant.sku)).toEqual(['BOOT-42', 'BOOT-44']);
    // A quantity beyond the variant's stock is refused, whatever the product's.
    const tooMany = await user.patch(`/api/cart/${second.body.id}`).send({ quantity: 3 }).expect(409);
    expect(tooMany.body.message).toBe('Only 2 of "Stridewell Waterproof Chelsea Boots (Size 44)" left in stock');
    // Removing one variant's line leaves the other.
    await user.delete('/api/cart/6?variant=103').expect(200);
    expect((await user.get('/api/cart').expect(200)).body.map((l: { variant: { sku: string } }) => l.variant.sku)).toEqual(['BOOT-42']);
  });
});

describe('orders take stock from their variants', () => {
  it('places an order from the variants, priced by each, keeping a snapshot; only those variants lose stock', async () => {
    const shop = makeShop({ data: withBoots() });
    const user = await shop.as('user');
    const res = await user
      .post('/api/orders')
      .send(order([{ product: 6, variant: 103, quantity: 2 }, { product: 6, variant: 101, quantity: 1 }, { product: 1, quantity: 1 }]))
      .expect(201);
    const [dear, cheap, phone] = res.body.items;
    expect(dear.variant).toEqual({ id: 103, sku: 'BOOT-44', options: { Size: '44' }, price: 108 });
    expect(dear.product).toMatchObject({ id: 6, price: 120, discountPercentage: 10 });
    expect(dear.product.variants).toBeUndefined();
    expect(cheap.variant).toMatchObject({ sku: 'BOOT-42', price: 90 });
    expect(phone.variant).toMatchObject({ sku: 'SKU-1', options: {}, price: 900 });
    expect(res.body.totalAmount).toBe(108 * 2 + 90 + 900);
    expect(await bootStock(shop)).toEqual({ product: 2, 'BOOT-42': 2, 'BOOT-43': 0, 'BOOT-44': 0 });

    // Cancelling gives each line's stock back to its variant.
    await user.post(`/api/orders/${res.body.id}/cancel`).send({}).expect(200);
    expect(await bootStock(shop)).toEqual({ product: 5, 'BOOT-42': 3, 'BOOT-43': 0, 'BOOT-44': 2 });
    // An admin moving it out of 'cancelled' takes it again, from the same variants.
    await (await shop.as('admin')).patch(`/api/orders/${res.body.id}`).send({ status: 'pending' }).expect(200);
    expect(await bootStock(shop)).toEqual({ product: 2, 'BOOT-42': 2, 'BOOT-43': 0, 'BOOT-44': 0 });
  });

  it('409 naming product and variant when a variant is short, nothing placed; 400 without a variant', async () => {
    const shop = makeShop({ data: withBoots() });
    const user = await shop.as('user');
    const before = await shop.state();
    const short = await user.post('/api/orders').send(order([{ product: 1, quantity: 1 }, { product: 6, variant: 103, quantity: 3 }])).expect(409);
    expect(short.body.message).toBe('Only 2 of "Stridewell Waterproof Chelsea Boots (Size 44)" left in stock');
    const unchosen = await user.post('/api/orders').send(order([{ product: 6, quantity: 1 }])).expect(400);
    expect(unchosen.body.errors).toEqual({ 'items.0.variant': 'Choose a Size' });
    const twice = await user.post('/api/orders').send(order([{ product: 6, variant: 101, quantity: 1 }, { product: 6, variant: 101, quantity: 1 }])).expect(400);
    expect(Object.keys(twice.body.errors)).toEqual(['items.1.product']);
    const after = await shop.state();
    expect(after.orders).toEqual(before.orders);
    expect(after.products).toEqual(before.products);
  });

  it("buy again puts the line's variant back in the cart", async () => {
    const shop = makeShop({ data: withBoots() });
    const user = await shop.as('user');
    const placed = await user.post('/api/orders').send(order([{ product: 6, variant: 101, quantity: 1 }])).expect(201);
    const again = await user.post(`/api/orders/${placed.body.id}/buy-again`).send({}).expect(200);
    expect(again.body.added).toEqual([{ product: { id: 6, title: 'Stridewell Waterproof Chelsea Boots' }, quantity: 1 }]);
    expect(again.body.cart.map((l: { variant: { sku: string } }) => l.variant.sku)).toEqual(['BOOT-42']);
  });
});

describe('product writes set options and variants (admin)', () => {
  const grid = (skus: string[]) => [
    { sku: skus[0], options: { Size: '42' }, price: null, discountPercentage: null, stock: 4 },
    { sku: skus[1], options: { Size: '43' }, price: 130, discountPercentage: 0, stock: 0 },
    { sku: skus[2], options: { Size: '44' }, stock: '6' },
  ];

  it('PATCH replaces them: stock becomes their sum, the lowest price the salePrice, audited before and after', async () => {
    const shop = makeShop({ data: withBoots() });
    const admin = await shop.as('admin');
    const res = await admin.patch('/api/products/1').send({ options: [SIZE], variants: grid(['IP-42', 'IP-43', 'IP-44']) }).expect(200);
    expect(res.body.options).toEqual([SIZE]);
    expect(res.body.variants.map((v: { sku: string; stock: number }) => [v.sku, v.stock])).toEqual([['IP-42', 4], ['IP-43', 0], ['IP-44', 6]]);
    expect(res.body.stock).toBe(10);
    // 42 and 44 at the product's 1000 − 10 %, 43 at its own 130 without discount: the lowest.
    expect(res.body.salePrice).toBe(130);
    const entry = (await shop.state()).audit.at(-1)!;
    expect(entry.before).toMatchObject({ options: [], variants: [expect.objectContaining({ sku: 'SKU-1', stock: 10 })] });
    expect((entry.after as { variants: unknown[] }).variants).toHaveLength(3);
    // The form's stock on a product with options: the same number changes nothing, another is refused.
    await admin.patch('/api/products/1').send({ stock: 10, title: 'iPhone 15 Pro' }).expect(200);
    const other = await admin.patch('/api/products/1').send({ stock: 3 }).expect(400);
    expect(Object.keys(other.body.errors)).toEqual(['stock']);
    // Keeping a variant's id keeps the variant (a cart line of it stays).
    const user = await shop.as('user');
    await user.post('/api/cart').send({ product: 1, variant: res.body.variants[0].id, quantity: 1 }).expect(201);
    const kept = res.body.variants.map((v: { id: number; sku: string }) => ({ ...v, stock: 9 }));
    await admin.put('/api/products/1').send({ ...(await admin.get('/api/products/1')).body, image1: '/a.webp', image2: '/b.webp', image3: '/c.webp', variants: kept }).expect(200);
    expect((await user.get('/api/cart').expect(200)).body[0].variant).toMatchObject({ sku: 'IP-42', stock: 9 });
  });

  it("a kept variant sent without stock keeps its stock as it is, what an order took meanwhile included; a new one needs one", async () => {
    const shop = makeShop({ data: withBoots() });
    const admin = await shop.as('admin');
    // The admin's form loaded the boots (42: 3 left); then a shopper buys two pairs of 42.
    const loaded = (await admin.get('/api/products/6').expect(200)).body;
    const user = await shop.as('user');
    await user.post('/api/orders').send(order([{ product: { id: 6 }, variant: 101, quantity: 2 }])).expect(201);
    expect(await bootStock(shop)).toMatchObject({ 'BOOT-42': 1 });
    // The admin saves a new SKU for 42 and a stock for 44: 42's stock is not sent.
    const variants = loaded.variants.map(({ stock, ...v }: { stock: number; sku: string }) =>
      v.sku === 'BOOT-42' ? { ...v, sku: 'BOOT-42-W' } : v.sku === 'BOOT-44' ? { ...v, stock: 5 } : { ...v, stock },
    );
    const saved = await admin.patch('/api/products/6').send({ options: loaded.options, variants }).expect(200);
    expect(saved.body.variants.map((v: { sku: string; stock: number }) => [v.sku, v.stock])).toEqual([['BOOT-42-W', 1], ['BOOT-43', 0], ['BOOT-44', 5]]);
    expect(saved.body.stock).toBe(6);
    // A new variant (no id) without stock is refused, nothing changed.
    const before = await shop.state();
    const bigger = { options: [{ name: 'Size', values: ['42', '43', '44', '45'] }], variants: [...saved.body.variants.map(({ stock: _s, ...v }: { stock: number }) => v), { sku: 'BOOT-45', options: { Size: '45' } }] };
    const refused = await admin.patch('/api/products/6').send(bigger).expect(400);
    expect(refused.body.errors).toEqual({ 'variants.3.stock': 'Stock must be a whole number of 0 or more' });
    expect(await shop.state()).toEqual(before);
  });

  it.each([
    [{ options: [SIZE, { name: 'size', values: ['x'] }], variants: [] }, ['options.1.name', 'variants']],
    [{ options: [SIZE], variants: grid(['A', 'B', 'C']).slice(0, 2) }, ['variants']],
    [{ options: [SIZE], variants: [...grid(['A', 'B']).slice(0, 2), { sku: 'C', options: { Size: '42' }, stock: 1 }] }, ['variants.2.options', 'variants']],
    [{ options: [SIZE], variants: grid(['A', 'B', 'C']).map((v, i) => (i === 0 ? { ...v, options: { Colour: 'Red' } } : v)) }, ['variants.0.options']],
    [{ options: [SIZE], variants: grid(['A', 'B', 'C']).map((v, i) => (i === 0 ? { ...v, options: { Size: '47' } } : v)) }, ['variants.0.options']],
    [{ options: [SIZE], variants: grid(['A', 'B', 'C']).map((v, i) => (i === 0 ? { ...v, stock: -1 } : i === 1 ? { ...v, stock: 1.5 } : v)) }, ['variants.0.stock', 'variants.1.stock']],
    [{ options: [SIZE], variants: grid(['A', ' ', 'A']) }, ['variants.1.sku', 'variants.2.sku']],
  ])('400 with field messages for %j, nothing changed', async (body, fields) => {
    const shop = makeShop({ data: withBoots() });
    const admin = await shop.as('admin');
    const before = await shop.state();
    const res = await admin.patch('/api/products/1').send(body).expect(400);
    expect(Object.keys(res.body.errors).sort(), JSON.stringify(res.body.errors)).toEqual([...fields].sort());
    for (const message of Object.values(res.body.errors)) expect(message).not.toMatch(/variants\.|undefined/);
    expect(await shop.state()).toEqual(before);
  });

  it('409 naming a SKU another product has, nothing changed; a new product gets its variants', async () => {
    const shop = makeShop({ data: withBoots() });
    const admin = await shop.as('admin');
    const before = await shop.state();
    const taken = await admin.patch('/api/products/1').send({ options: [SIZE], variants: grid(['X-1', 'BOOT-44', 'X-3']) }).expect(409);
    expect(taken.body.message).toBe('SKU BOOT-44 is already used by another product');
    // Under the variant that names it, so the form shows it beside that SKU.
    expect(taken.body.errors).toEqual({ 'variants.1.sku': 'SKU BOOT-44 is already used by another product' });
    expect(await shop.state()).toEqual(before);
    const { options: _options, variants: _variants, ...form } = { ...(await admin.get('/api/products/2')).body, title: 'Galaxy S25', image1: '/a.webp', image2: '/b.webp', image3: '/c.webp' };
    void _options;
    void _variants;
    const created = await admin.post('/api/products').send({ ...form, options: [SIZE], variants: grid(['S25-1', 'S25-2', 'S25-3']) }).expect(201);
    expect(created.body.variants).toHaveLength(3);
    expect(created.body.stock).toBe(10);
    const plain = await admin.post('/api/products').send({ ...form, title: 'Galaxy S26' }).expect(201);
    expect(plain.body.variants).toEqual([{ id: expect.any(Number), sku: `SKU-${plain.body.id}`, options: {}, price: null, discountPercentage: null, stock: form.stock }]);
  });
});

describe('the dashboard', () => {
  it('lists low stock per variant of a product with options, a product without options as before', async () => {
    const shop = makeShop({ data: withBoots() });
    const { lowStock } = (await (await shop.as('admin')).get('/api/admin/stats').expect(200)).body;
    const boots = lowStock.filter((e: { id: number }) => e.id === 6);
    expect(boots).toEqual([
      { id: 6, title: 'Stridewell Waterproof Chelsea Boots', stock: 0, threshold: 5, variant: { id: 102, sku: 'BOOT-43', options: { Size: '43' } } },
      { id: 6, title: 'Stridewell Waterproof Chelsea Boots', stock: 2, threshold: 5, variant: { id: 103, sku: 'BOOT-44', options: { Size: '44' } } },
      { id: 6, title: 'Stridewell Waterproof Chelsea Boots', stock: 3, threshold: 5, variant: { id: 101, sku: 'BOOT-42', options: { Size: '42' } } },
    ]);
    expect(lowStock.find((e: { id: number }) => e.id === 2)).toEqual({ id: 2, title: 'Galaxy S24', stock: 2, threshold: 5 });
  });
});

describe('a data file round trip', () => {
  it('keeps options and variants (and leaves them out for a product with only its own)', async () => {
    const data = withBoots();
    const shop = makeShop({ data });
    const state = await shop.state();
    expect(state.products[5]).toEqual(data.products[5]);
    expect(state.products[0]).toEqual(data.products[0]);
  });
});

describe('variants on the storefront', () => {
  const FRAME = { name: 'Frame colour', values: ['Black', 'Gold'] };
  const IMAGES = ['/images/products/7/1.webp', '/images/products/7/2.webp', '/images/products/7/3.webp'];

  /** withBoots plus sunglasses in two frame colours at one price, each with its picture. */
  function withGlasses(): DbSchema {
    const data = withBoots();
    data.products.push({
      ...structuredClone(PRODUCTS[0]),
      id: 7,
      title: 'Aviator Sunglasses',
      category: 'laptops',
      price: 50,
      discountPercentage: 0,
      stock: 4,
      images: IMAGES,
      options: [FRAME],
      variants: [
        { id: 201, sku: 'AV-BLACK', options: { 'Frame colour': 'Black' }, price: null, discountPercentage: null, stock: 2, image: IMAGES[0] },
        { id: 202, sku: 'AV-GOLD', options: { 'Frame colour': 'Gold' }, price: null, discountPercentage: null, stock: 2, image: IMAGES[1] },
      ],
    });
    return data;
  }

  const ofList = (body: { id: number; salePrice: number; priceVaries: boolean }[]) =>
    Object.fromEntries(body.map((p) => [p.id, [p.salePrice, p.priceVaries]]));

  it('every product answer says whether its variants differ in price; salePrice is the lowest, in lists too', async () => {
    const shop = makeShop({ data: withGlasses() });
    // Boots: 42 at 100 − 10 % = 90, 44 at 120 − 10 % = 108. Glasses: both 50. iPhone: one variant.
    const list = await shop.anon().get('/api/products?id=6&id=7&id=1').expect(200);
    expect(ofList(list.body)).toEqual({ 1: [900, false], 6: [90, true], 7: [50, false] });
    for (const id of [1, 6, 7]) {
      const one = (await shop.anon().get(`/api/products/${id}`).expect(200)).body;
      expect([one.salePrice, one.priceVaries]).toEqual(ofList(list.body)[id]);
    }
    // A page of a search, a sorted page and one counted from the end carry it as well.
    expect(ofList((await shop.anon().get('/api/products?q=boots').expect(200)).body)).toEqual({ 6: [90, true] });
    expect(ofList((await shop.anon().get('/api/products?_sort=salePrice&_limit=2').expect(200)).body)).toEqual({ 6: [90, true], 7: [50, false] });
    expect(ofList((await shop.anon().get('/api/products?_sort=salePrice&_start=-6&_end=-4').expect(200)).body)).toEqual({ 6: [90, true], 4: [95, false] });

    // A variant write follows at once: the sold-out 43 made cheapest moves salePrice (over every
    // variant, sold out or not); all at one price again, the product's prices no longer differ.
    const admin = await shop.as('admin');
    const boots = (await admin.get('/api/products/6').expect(200)).body;
    const priced = (prices: (number | null)[]) => boots.variants.map((v: object, i: number) => ({ ...v, price: prices[i] }));
    const cheaper = await admin.patch('/api/products/6').send({ variants: priced([null, 80, 120]) }).expect(200);
    expect([cheaper.body.salePrice, cheaper.body.priceVaries]).toEqual([72, true]);
    expect(ofList((await shop.anon().get('/api/products?id=6').expect(200)).body)).toEqual({ 6: [72, true] });
    await admin.patch('/api/products/6').send({ variants: priced([null, null, null]) }).expect(200);
    expect(ofList((await shop.anon().get('/api/products?id=6').expect(200)).body)).toEqual({ 6: [90, false] });
    // The product's own price moves the variants that have none of their own.
    await admin.patch('/api/products/6').send({ variants: priced([null, null, 120]) }).expect(200);
    await admin.patch('/api/products/6').send({ price: 120 }).expect(200);
    expect(ofList((await shop.anon().get('/api/products?id=6').expect(200)).body)).toEqual({ 6: [108, false] });
  });

  it('a variant has a picture among its product’s images; a write keeps, sets or clears it, anything else is 400', async () => {
    const shop = makeShop({ data: withGlasses() });
    const glasses = (await shop.anon().get('/api/products/7').expect(200)).body;
    expect(glasses.variants.map((v: { image?: string }) => v.image)).toEqual([IMAGES[0], IMAGES[1]]);
    // Without a picture of its own, the answer has no `image` (boots).
    expect((await shop.anon().get('/api/products/6').expect(200)).body.variants[0]).not.toHaveProperty('image');

    const admin = await shop.as('admin');
    const before = await shop.state();
    const bad = await admin
      .patch('/api/products/7')
      .send({ variants: glasses.variants.map((v: object, i: number) => ({ ...v, image: i === 0 ? '/images/elsewhere.webp' : 7 })) })
      .expect(400);
    expect(bad.body.errors).toEqual({
      'variants.0.image': "Image must be one of this product's images",
      'variants.1.image': "Image must be one of this product's images",
    });
    expect(await shop.state()).toEqual(before);

    // Left out: kept. Another of the images: set. null: none.
    const kept = await admin.patch('/api/products/7').send({ variants: glasses.variants.map(({ image: _image, ...v }: { image?: string }) => ({ ...v, stock: 3 })) }).expect(200);
    expect(kept.body.variants.map((v: { image?: string }) => v.image)).toEqual([IMAGES[0], IMAGES[1]]);
    const set = await admin.patch('/api/products/7').send({ variants: glasses.variants.map((v: object, i: number) => ({ ...v, image: i === 0 ? IMAGES[2] : null })) }).expect(200);
    expect(set.body.variants.map((v: { image?: string }) => v.image ?? null)).toEqual([IMAGES[2], null]);
    // An image the same write adds to the product may be a variant's.
    const added = await admin
      .patch('/api/products/7')
      .send({ image2: '/images/products/7/gold.webp', variants: glasses.variants.map((v: object, i: number) => ({ ...v, image: i === 1 ? '/images/products/7/gold.webp' : IMAGES[2] })) })
      .expect(200);
    expect(added.body.variants.map((v: { image?: string }) => v.image)).toEqual([IMAGES[2], '/images/products/7/gold.webp']);
    // An image taken off the product is taken off the variants that showed it.
    const removed = await admin.patch('/api/products/7').send({ image3: '/images/products/7/new.webp' }).expect(200);
    expect(removed.body.variants.map((v: { image?: string }) => v.image ?? null)).toEqual([null, '/images/products/7/gold.webp']);

    // The cart's and the order's snapshot of a variant carry no picture.
    const user = await shop.as('user');
    await user.post('/api/cart').send({ product: 7, variant: 202, quantity: 1 }).expect(201);
    const [line] = (await user.get('/api/cart').expect(200)).body;
    expect(Object.keys(line.variant).sort()).toEqual(['discountPercentage', 'id', 'options', 'price', 'salePrice', 'sku', 'stock']);
    const placed = await user.post('/api/orders').send(order([{ product: 7, variant: 202, quantity: 1 }])).expect(201);
    expect(Object.keys(placed.body.items[0].variant).sort()).toEqual(['id', 'options', 'price', 'sku']);
    expect(placed.body.items[0].product).not.toHaveProperty('variants');

    // A data file round trip keeps the pictures.
    const state = await shop.state();
    expect(state.products.find((p) => p.id === 7)!.variants!.map((v) => v.image ?? null)).toEqual([null, '/images/products/7/gold.webp']);
    const again = makeShop({ data: state });
    expect((await again.state()).products.find((p) => p.id === 7)).toEqual(state.products.find((p) => p.id === 7));
  });
});
