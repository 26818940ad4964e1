import { afterEach, describe, expect, it } from 'vitest';
import { withSalePrice } from '../../../src/domain/pricing';
import { PRODUCT_FORM_RULES } from '../../../src/domain/productFields';
import { expectNoLeaks, makeShop } from '../fixtures';

afterEach(expectNoLeaks);

const ids = (body: { id: number }[]) => body.map((p) => p.id);

describe('catalogue reads (public, json-server semantics)', () => {
  const shop = makeShop();
  const get = (url: string) => shop.anon().get(url);

  it('lists every product, deleted ones included, with X-Total-Count', async () => {
    const res = await get('/api/products').expect(200);
    expect(ids(res.body)).toEqual([1, 2, 3, 4, 5]);
    expect(res.body[3].deleted).toBe(true);
    expect(res.headers['x-total-count']).toBe('5');
  });

  it('ORs repeated keys and ANDs different ones', async () => {
    expect(ids((await get('/api/products?category=smartphones&category=laptops')).body)).toEqual([1, 2, 3, 5]);
    expect(ids((await get('/api/products/?category=laptops&brand=Samsung')).body)).toEqual([5]);
    expect(ids((await get('/api/products?brand=Apple&brand=Dior&category=laptops')).body)).toEqual([3]);
  });

  it('sorts, pages and searches', async () => {
    expect(ids((await get('/api/products?_sort=price&_order=desc')).body)).toEqual([3, 1, 2, 5, 4]);
    expect(ids((await get('/api/products?_sort=rating&_order=desc')).body)).toEqual([3, 1, 2, 5, 4]);
    const page = await get('/api/products?category=smartphones&category=laptops&_sort=price&_order=asc&_page=2&_limit=3');
    expect(ids(page.body)).toEqual([3]);
    expect(page.headers['x-total-count']).toBe('4');
    expect(ids((await get('/api/products?q=galaxy')).body)).toEqual([2, 5]);
  });

  it('reads one product, 404 JSON for an unknown one', async () => {
    expect((await get('/api/products/2').expect(200)).body.title).toBe('Galaxy S24');
    await get('/api/products/999').expect(404, { message: 'Not found' });
  });

  it('lists categories and brands', async () => {
    expect((await get('/api/categories').expect(200)).body.map((c: { value: string }) => c.value)).toEqual([
      'smartphones',
      'laptops',
      'fragrances',
    ]);
    expect((await get('/api/brands').expect(200)).body).toHaveLength(3);
  });

  it('never lets json-server expose the other collections', async () => {
    for (const url of ['/api/db', '/api/sessions', '/api/users', '/api/users/1', '/api/cart', '/api/products/1/users']) {
      const res = await get(url);
      expect([401, 404]).toContain(res.status);
      expect(Object.keys(res.body)).toEqual(['message']);
      expect(res.text).not.toMatch(/admin@shop\.test|expiresAt/);
    }
    const embedded = await get('/api/products?_embed=users&_embed=sessions&_expand=user').expect(200);
    expect(embedded.body[0]).not.toHaveProperty('users');
    expect(embedded.body[0]).not.toHaveProperty('user');
    const one = await get('/api/products/1?_embed=users&_expand=user').expect(200);
    expect(Object.keys(one.body)).not.toContain('users');
  });

  it('ignores _delay, takes a _like as json-server does, refuses one that could be slow and non-string parameters', async () => {
    const started = Date.now();
    await get('/api/products?_delay=5000').expect(200);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(ids((await get('/api/products?title_like=^GALAXY%20(s|tab)').expect(200)).body)).toEqual([2, 5]);
    await get('/api/products?title_like=(a%2B)%2B$').expect(400);
    await get('/api/products?_sort[x]=1').expect(400);
    await get('/api/products?_page=1&_page=2').expect(400);
  });

  it('answers JSON, not JSONP', async () => {
    const res = await get('/api/products/1?callback=steal').expect(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});

const form = {
  title: 'Pixel 9',
  description: 'A phone by Google',
  price: '699',
  discountPercentage: '7.5',
  stock: '12',
  thumbnail: '/images/pixel/thumb.webp',
  image1: '/images/pixel/1.webp',
  image2: '/images/pixel/2.webp',
  image3: '/images/pixel/3.webp',
  brand: 'Samsung',
  category: 'smartphones',
};

describe('POST /api/products (admin)', () => {
  it('401 signed out, 403 for a user', async () => {
    const shop = makeShop();
    await shop.anon().post('/api/products').send(form).expect(401);
    await (await shop.as('user')).post('/api/products/').send(form).expect(403);
    expect((await shop.state()).products).toHaveLength(5);
  });

  it('stores numbers as numbers, image1..3 as images, no invented details, and no unknown field', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    const res = await a.post('/api/products/').send({ ...form, id: 1, rating: 5, hack: true, user: 1 }).expect(201);
    expect(res.body).toEqual({
      id: 6,
      title: 'Pixel 9',
      description: 'A phone by Google',
      price: 699,
      discountPercentage: 7.5,
      stock: 12,
      thumbnail: '/images/pixel/thumb.webp',
      images: ['/images/pixel/1.webp', '/images/pixel/2.webp', '/images/pixel/3.webp'],
      brand: 'Samsung',
      category: 'smartphones',
      rating: 0,
      // Details not given are not set (blank, weight 0): the product page shows nothing of them.
      weight: 0,
      warrantyInformation: '',
      shippingInformation: '',
      returnPolicy: '',
      minimumOrderQuantity: 1,
      reviews: [],
      deleted: false,
      // Every product has a variant: without options, one holding its stock.
      options: [],
      variants: [{ id: expect.any(Number), sku: 'SKU-6', options: {}, price: null, discountPercentage: null, stock: 12 }],
      // The price the shopper sees: 699 − 7.5 %, rounded to whole dollars. Answered, not stored.
      salePrice: 647,
      // One variant: no "from $X" on its card.
      priceVaries: false,
      // The staff's mail settings (admins' answers only): off unless sent.
      notify: { review: false, lowStock: false, soldOut: false },
    });
    expect({ ...withSalePrice((await shop.state()).products[5]), priceVaries: false, options: [], variants: res.body.variants, notify: res.body.notify }).toEqual(res.body);
    await a.get('/api/products/6').expect(200, res.body);
  });

  it('takes images as a list too, and the optional details', async () => {
    const a = await makeShop().as('admin');
    const { image1, image2, image3, ...rest } = form;
    const res = await a
      .post('/api/products')
      .send({ ...rest, images: [image1, image2, image3], weight: '2.5', returnPolicy: 'No returns' })
      .expect(201);
    expect(res.body.images).toEqual([image1, image2, image3]);
    expect(res.body.weight).toBe(2.5);
    expect(res.body.returnPolicy).toBe('No returns');
  });

  it('takes one to twelve images, each with an optional description (alt text) by position; 400 past the limits, nothing changed', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    const rest = Object.fromEntries(Object.entries(form).filter(([key]) => !key.startsWith('image')));
    const twelve = Array.from({ length: 12 }, (_, i) => `/images/pixel/${i + 1}.webp`);
    const res = await a
      .post('/api/products')
      .send({ ...rest, images: twelve, imageAlt: ['  Front view  ', null, '', 'The back', ''] })
      .expect(201);
    expect(res.body.images).toEqual(twelve);
    // Trimmed, a null as none, the blanks at the end left off.
    expect(res.body.imageAlt).toEqual(['Front view', '', '', 'The back']);
    expect((await a.get(`/api/products/${res.body.id}`).expect(200)).body.imageAlt).toEqual(['Front view', '', '', 'The back']);
    // A product without any description answers none.
    expect((await a.get('/api/products/1').expect(200)).body).not.toHaveProperty('imageAlt');

    const before = (await a.get(`/api/products/${res.body.id}`).expect(200)).body;
    const refusals: [Record<string, unknown>, Record<string, string>][] = [
      [{ images: [...twelve, '/images/pixel/13.webp'] }, { images: 'Images must be a list of up to 12 image addresses' }],
      [{ imageAlt: ['ok', 'x'.repeat(201)] }, { 'imageAlt.1': 'Description of image 2 must be at most 200 characters' }],
      [{ images: twelve.slice(0, 2), imageAlt: ['a', 'b', 'c'] }, { 'imageAlt.2': 'Description of image 3 has no image 3 to describe' }],
      [{ imageAlt: 'Front view' }, { imageAlt: 'Image descriptions must be a list of up to 12 texts, one per image' }],
      [{ imageAlt: [1] }, { imageAlt: 'Image descriptions must be a list of up to 12 texts, one per image' }],
    ];
    for (const [body, errors] of refusals) {
      const refused = await a.patch(`/api/products/${res.body.id}`).send(body).expect(400);
      expect(refused.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect((await a.get(`/api/products/${res.body.id}`).expect(200)).body).toEqual(before);
    // 200 characters is the limit itself; an empty list clears them all.
    const long = 'é'.repeat(200);
    expect((await a.patch(`/api/products/${res.body.id}`).send({ imageAlt: [long] }).expect(200)).body.imageAlt).toEqual([long]);
    expect((await a.patch(`/api/products/${res.body.id}`).send({ imageAlt: [] }).expect(200)).body).not.toHaveProperty('imageAlt');
  });

  it('keeps each description with its image when the images are reordered or removed without new descriptions', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    const rest = Object.fromEntries(Object.entries(form).filter(([key]) => !key.startsWith('image')));
    const [front, side, back] = ['/images/pixel/front.webp', '/images/pixel/side.webp', '/images/pixel/back.webp'];
    const made = await a
      .post('/api/products')
      .send({ ...rest, images: [front, side, back], imageAlt: ['Front view', '', 'The back'] })
      .expect(201);
    const id = made.body.id as number;
    // The back first, the side left out, a new image last: the back keeps its words, the front its own.
    const moved = await a.patch(`/api/products/${id}`).send({ images: [back, front, '/images/pixel/new.webp'] }).expect(200);
    expect(moved.body.images).toEqual([back, front, '/images/pixel/new.webp']);
    expect(moved.body.imageAlt).toEqual(['The back', 'Front view']);
    expect((await a.get(`/api/products/${id}`).expect(200)).body.imageAlt).toEqual(['The back', 'Front view']);
    // The form's fields move them too; an image without words left alone answers none.
    expect((await a.patch(`/api/products/${id}`).send({ image1: '/images/pixel/new.webp', image2: '', image3: '' }).expect(200)).body).not.toHaveProperty('imageAlt');
  });

  it('takes blank details as not set: no weight, warranty, shipping text or return policy shown', async () => {
    const shop = makeShop();
    const blank = { weight: '', warrantyInformation: '', shippingInformation: ' ', returnPolicy: '' };
    const res = await (await shop.as('admin')).post('/api/products').send({ ...form, ...blank }).expect(201);
    expect(res.body).toMatchObject({ weight: 0, warrantyInformation: '', shippingInformation: '', returnPolicy: '' });
  });

  const REQUIRED = Object.entries(PRODUCT_FORM_RULES).filter(([, rule]) => rule.required).map(([field]) => field);
  it.each(REQUIRED)('requires %s', async (field) => {
    const shop = makeShop();
    const res = await (await shop.as('admin')).post('/api/products').send({ ...form, [field]: '' }).expect(400);
    const message = PRODUCT_FORM_RULES[field as keyof typeof PRODUCT_FORM_RULES].required!;
    // The label a person sees in the form ("Discount Percentage is required"), never the field's name.
    expect(message).toMatch(/^[A-Z][a-z]*( [A-Za-z0-9][a-z]*)* is required$/);
    expect(res.body.errors).toEqual({ [field]: message });
    expect((await shop.state()).products).toHaveLength(5);
  });

  it.each([
    ['price', 0, 'Price must be at least 1'],
    ['price', '10001', 'Price must be at most 10000'],
    ['price', 'abc', 'Price must be a number'],
    ['price', 19.999, 'Price must have at most 2 decimals'],
    ['price', '1.001', 'Price must have at most 2 decimals'],
    ['discountPercentage', -1, 'Discount Percentage must be at least 0'],
    ['discountPercentage', 101, 'Discount Percentage must be at most 100'],
    ['stock', 1.5, 'Stock must be a whole number'],
    ['stock', -1, 'Stock must be at least 0'],
    ['stock', true, 'Stock must be a number'],
    ['brand', 'Nokia', 'Brand must be one of the listed brands'],
    ['category', 'cars', 'Category must be one of the listed categories'],
    ['thumbnail', 'javascript:alert(1)', 'Thumbnail must be a path on this site starting with / (e.g. /images/…) or a data:image'],
    ['image2', '//evil.example/x.png', 'Image 2 must be a path on this site starting with / (e.g. /images/…) or a data:image'],
    // A browser reads each of these as another host (a backslash is a slash; tabs and newlines are dropped).
    ['image1', '/\\evil.example/x.png', 'Image 1 must be a path on this site starting with / (e.g. /images/…) or a data:image'],
    ['image2', '/\t/evil.example/x.png', 'Image 2 must be a path on this site starting with / (e.g. /images/…) or a data:image'],
    ['image3', '/\n/evil.example/x.png', 'Image 3 must be a path on this site starting with / (e.g. /images/…) or a data:image'],
    ['thumbnail', '/\r/evil.example/x.png', 'Thumbnail must be a path on this site starting with / (e.g. /images/…) or a data:image'],
    ['title', 'x'.repeat(201), 'Product Name must be at most 200 characters'],
    ['deleted', 'yes', 'Deleted must be true or false'],
  ])('rejects %s = %j', async (field, value, message) => {
    const res = await (await makeShop().as('admin')).post('/api/products').send({ ...form, [field]: value }).expect(400);
    expect(res.body.errors).toEqual({ [field]: message });
  });
});

describe('PATCH /api/products/:id (admin)', () => {
  it('validates and applies only the fields sent', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    const before = structuredClone((await shop.state()).products[0]);
    const res = await a.patch('/api/products/1').send({ price: '150', image2: '/images/new.webp' }).expect(200);
    // 150 − 10 %: the displayed price follows the price.
    expect(res.body).toEqual({
      ...before,
      price: 150,
      images: [before.images[0], '/images/new.webp', before.images[2]],
      options: [],
      variants: [expect.objectContaining({ sku: 'SKU-1', stock: before.stock })],
      salePrice: 135,
      priceVaries: false,
      notify: { review: false, lowStock: false, soldOut: false },
    });

    const bad = await a.patch('/api/products/1').send({ discountPercentage: 101, title: 'Ok' }).expect(400);
    expect(bad.body.errors).toEqual({ discountPercentage: 'Discount Percentage must be at most 100' });
    expect((await shop.state()).products[0].title).toBe(before.title);
  });

  it('refuses a number nearer to 0 than PostgreSQL stores (5e-324), naming the field by its label; 0 is fine', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    const before = (await shop.state()).products[0];
    for (const [key, value, label] of [
      ['discountPercentage', 5e-324, 'Discount Percentage'],
      ['weight', 1e-320, 'Weight'],
      ['discountPercentage', `0.${'0'.repeat(320)}1`, 'Discount Percentage'],
    ] as const) {
      const bad = await a.patch('/api/products/1').send({ [key]: value }).expect(400);
      expect(bad.body.errors).toEqual({ [key]: `${label} is too small to store: give 0 or a larger number` });
    }
    expect((await shop.state()).products[0]).toEqual(before);
    expect((await a.patch('/api/products/1').send({ discountPercentage: 0 }).expect(200)).body.discountPercentage).toBe(0);
  });

  it('takes numbers as JSON numbers or plain decimals only', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    const before = structuredClone((await shop.state()).products[0]);
    for (const price of ['0x10', '1e3', 'Infinity', '12abc', ' ', true]) {
      const res = await a.patch('/api/products/1').send({ price }).expect(400);
      expect(Object.keys(res.body.errors)).toEqual(['price']);
    }
    expect((await shop.state()).products[0]).toEqual(before);
    await a.patch('/api/products/1').send({ price: ' 12.5 ' }).expect(200);
    expect((await shop.state()).products[0].price).toBe(12.5);
  });

  it('takes images from this site only (the shop is offline; the CSP allows no other host)', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    for (const image of ['https://example.com/a.png', '//evil.example/a.png', 'javascript:alert(1)']) {
      const res = await a.patch('/api/products/1').send({ thumbnail: image, image1: image }).expect(400);
      expect(Object.keys(res.body.errors).sort()).toEqual(['image1', 'thumbnail']);
      expect(res.body.errors.thumbnail).toMatch(/starting with \//);
    }
    await a.patch('/api/products/1').send({ thumbnail: '/images/x.svg', image1: 'data:image/png;base64,AAAA' }).expect(200);
  });

  it('accepts the whole product as the client sends it (id, rating, reviews ignored)', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    const product = { ...(await shop.state()).products[1], title: 'Galaxy S25', rating: 1, reviews: [], id: 2 };
    const res = await a.patch('/api/products/2').send(product).expect(200);
    expect(res.body.title).toBe('Galaxy S25');
    expect(res.body.rating).toBe(4.5);
    expect(res.body.reviews).toHaveLength(1);
  });

  it('soft-deletes and restores', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    expect((await a.patch('/api/products/1').send({ id: 1, deleted: true }).expect(200)).body.deleted).toBe(true);
    expect((await shop.anon().get('/api/products/1')).body.deleted).toBe(true);
    expect((await a.patch('/api/products/1').send({ deleted: false }).expect(200)).body.deleted).toBe(false);
  });

  it('401 / 403 / 404', async () => {
    const shop = makeShop();
    await shop.anon().patch('/api/products/1').send({ price: 1 }).expect(401);
    await (await shop.as('user')).patch('/api/products/1').send({ price: 1 }).expect(403);
    await (await shop.as('admin')).patch('/api/products/999').send({ price: 1 }).expect(404);
    expect((await shop.state()).products[0].price).toBe(1000);
  });
});

/** A product as the admin form (and react-admin's data provider) sends it whole. */
const FULL = {
  title: 'Desk Lamp',
  description: 'A lamp for the desk',
  price: 49.5,
  discountPercentage: 5,
  stock: 7,
  thumbnail: '/images/lamp/thumb.webp',
  images: ['/images/lamp/1.webp', '/images/lamp/2.webp', '/images/lamp/3.webp'],
  brand: 'Apple',
  category: 'laptops',
};

describe('PUT /api/products/:id (admin): a full update with PATCH\'s rules', () => {
  it('takes the record as a client read it, changed (id, rating, reviews, salePrice ignored)', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    const read = (await shop.anon().get('/api/products/2').expect(200)).body;
    const res = await a.put('/api/products/2').send({ ...read, title: 'Galaxy S25', price: 750, rating: 1, reviews: [], salePrice: 1, id: 9 }).expect(200);
    expect(res.body).toMatchObject({ id: 2, title: 'Galaxy S25', price: 750, rating: 4.5 });
    expect(res.body.reviews).toHaveLength(1);
    // A visitor reads what the admin was answered, but the staff's mail settings.
    const { notify, ...shown } = res.body;
    expect(notify).toEqual({ review: false, lowStock: false, soldOut: false });
    expect((await shop.anon().get('/api/products/2')).body).toEqual(shown);
    const audit = (await shop.state()).audit;
    expect(audit.map((e) => [e.action, e.entityId])).toEqual([['product.update', '2']]);
  });

  it("replaces the form's fields, every one required; optional details not sent are kept", async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    await a.patch('/api/products/1').send({ lowStockThreshold: 3, weight: 2.5 }).expect(200);
    const res = await a.put('/api/products/1').send(FULL).expect(200);
    expect(res.body).toMatchObject({ ...FULL, id: 1, lowStockThreshold: 3, weight: 2.5, deleted: false });

    const before = await shop.state();
    for (const missing of ['title', 'price', 'stock', 'brand', 'images', 'thumbnail']) {
      const { [missing]: _gone, ...rest } = FULL as Record<string, unknown>;
      void _gone;
      const refused = await a.put('/api/products/1').send(rest).expect(400);
      expect(refused.body.message).toBe('Invalid product');
      expect(Object.keys(refused.body.errors).join()).toMatch(missing === 'images' ? /image1/ : new RegExp(missing));
    }
    // A body-less PUT: every form field missing.
    expect(Object.keys((await a.put('/api/products/1').expect(400)).body.errors)).toEqual(expect.arrayContaining(['title', 'price', 'stock']));
    await a.put('/api/products/1').send({ ...FULL, price: 0 }).expect(400);
    expect(await shop.state()).toEqual(before);
  });

  it('soft-deletes with deleted: true, audited as PATCH\'s', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    expect((await a.put('/api/products/1').send({ ...FULL, deleted: true }).expect(200)).body.deleted).toBe(true);
    expect((await shop.state()).audit.map((e) => e.action)).toEqual(['product.delete']);
  });

  it('401 / 403 / 404, nothing changed', async () => {
    const shop = makeShop();
    const before = await shop.state();
    await shop.anon().put('/api/products/1').send(FULL).expect(401);
    await (await shop.as('user')).put('/api/products/1').send(FULL).expect(403);
    await (await shop.as('admin')).put('/api/products/999').send(FULL).expect(404);
    expect((await shop.state()).products).toEqual(before.products);
  });
});

describe('DELETE /api/products/:id (admin): the soft delete, answered as json-server answers', () => {
  it('200 {} with no body and no content type (react-admin); deleted: true, audited once', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    const res = await a.delete('/api/products/1').expect(200);
    expect(res.body).toEqual({});
    expect((await shop.anon().get('/api/products/1').expect(200)).body.deleted).toBe(true);
    // Again: still 200, nothing more to record.
    await a.delete('/api/products/1').type('json').expect(200, {});
    const state = await shop.state();
    expect(state.products).toHaveLength(5);
    expect(state.audit.map((e) => [e.action, e.entityId, e.actor.id, e.before, e.after])).toEqual([['product.delete', '1', 1, { deleted: false }, { deleted: true }]]);
  });

  it('401 / 403 / 404, and 403 from another site; nothing changed', async () => {
    const shop = makeShop();
    const before = await shop.state();
    await shop.anon().delete('/api/products/1').expect(401);
    await (await shop.as('user')).delete('/api/products/1').expect(403);
    const a = await shop.as('admin');
    await a.delete('/api/products/999').expect(404);
    await a.delete('/api/products/1').set('Origin', 'http://evil.example').expect(403);
    await a.delete('/api/products/1').set('Sec-Fetch-Site', 'cross-site').expect(403);
    await a.delete('/api/products/1').set('Content-Type', 'text/plain').send('x').expect(415);
    const after = await shop.state();
    expect([after.products, after.audit]).toEqual([before.products, before.audit]);
  });
});

describe('other methods on a product', () => {
  it('405 naming the method, with Allow', async () => {
    const shop = makeShop();
    const a = await shop.as('admin');
    const res = await a.post('/api/products/1').send(FULL).expect(405);
    expect(res.headers.allow).toBe('GET, PUT, PATCH, DELETE');
    expect(res.body.message).toBe('POST is not allowed on /api/products/1; allowed: GET, PUT, PATCH, DELETE');
    expect((await shop.state()).products).toHaveLength(5);
  });
});
