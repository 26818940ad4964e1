// Verified-purchase reviews: only a shopper with a delivered order holding the product
// may review it, once; they may edit theirs; an admin removes any; the product's rating is the
// mean of its reviews, seed reviews included, to one decimal. On both engines.
//
// Fixtures (tests/api/fixtures.ts): every product has one seed review (Ben, 5 stars; without an id,
// as in data files older than review ids: the first change numbers it 1). The
// user (2) has delivered orders holding product 1 (orders 3, 7, 11); the other shopper (3) has
// no delivered order.
import { afterEach, describe, expect, it } from 'vitest';
import type { Order, Product, ReviewEligibility } from '../../../src/domain/types';
import { clock, expectNoLeaks, makeShop, orderBody } from '../fixtures';

afterEach(expectNoLeaks);

const review = { rating: 2, comment: '  Battery could be better.  ' };

describe('POST /api/products/:id/reviews', () => {
  it('a shopper who received the product reviews it: stored verified, named, dated; the rating becomes the mean', async () => {
    const c = clock();
    const shop = makeShop({ now: c.now });
    const user = await shop.as('user');
    expect((await user.get('/api/products/1/reviews/eligibility').expect(200)).body).toEqual({ canReview: true, review: null });

    const res = await user.post('/api/products/1/reviews').send(review).expect(201);
    const product = res.body as Product;
    // What the page shows: no reviewer's user id; the author's own answers mark their review.
    const shown = { id: 2, reviewerName: 'New User', rating: 2, comment: 'Battery could be better.', date: new Date(c.now()).toISOString(), verified: true };
    const mine = { ...shown, mine: true as const };
    expect(product.reviews).toEqual([{ id: 1, reviewerName: 'Ben', rating: 5, comment: 'Great' }, mine]);
    expect(product.rating).toBe(3.5); // (5 + 2) / 2
    expect((await shop.anon().get('/api/products/1').expect(200)).body).toEqual({ ...product, reviews: [product.reviews[0], shown] });
    expect((await user.get('/api/products/1/reviews/eligibility').expect(200)).body).toEqual({ canReview: false, review: mine } satisfies ReviewEligibility);
    // Stored with the reviewer's id, which only admin answers carry.
    expect((await shop.state()).products[0].reviews[1]).toEqual({ ...shown, user: 2 });
  });

  it("uses the shopper's name when they have one, and rounds the mean to one decimal", async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    await user.patch('/api/users/2').send({ name: 'Asha Rao' }).expect(200);
    await user.post('/api/products/1/reviews').send({ rating: 4, comment: 'Good' }).expect(201);
    const other = await shop.as('other');
    const bought = await other.post('/api/orders').send(orderBody([{ product: 1, quantity: 1 }])).expect(201);
    await (await shop.as('admin')).patch(`/api/orders/${bought.body.id}`).send({ status: 'delivered' }).expect(200);
    const res = await other.post('/api/products/1/reviews').send({ rating: 4, comment: 'Fine' }).expect(201);
    expect(res.body.reviews.map((r: { reviewerName: string }) => r.reviewerName)).toEqual(['Ben', 'Asha Rao', 'New User']);
    expect(res.body.rating).toBe(4.3); // 13 / 3
  });

  it('403 without a delivered order holding the product; 409 the second time; nothing changed', async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    // Product 2: only in the other shopper's orders. Product 1 in the user's order 1 (pending) too.
    const before = await shop.state();
    const refused = await user.post('/api/products/2/reviews').send(review).expect(403);
    expect(refused.body.message).toBe('Only a shopper who received this product can review it');
    expect((await user.get('/api/products/2/reviews/eligibility').expect(200)).body).toEqual({ canReview: false, review: null });
    expect(await shop.state()).toEqual(before);

    await user.post('/api/products/1/reviews').send(review).expect(201);
    const after = await shop.state();
    const twice = await user.post('/api/products/1/reviews').send({ rating: 5, comment: 'Changed my mind' }).expect(409);
    expect(twice.body.message).toBe('You have already reviewed this product; edit your review instead');
    expect(await shop.state()).toEqual(after);
  });

  it('a pending or cancelled order is not a received one', async () => {
    const shop = makeShop();
    const admin = await shop.as('admin');
    const user = await shop.as('user');
    for (const id of [3, 7, 11]) await admin.patch(`/api/orders/${id}`).send({ status: 'cancelled' }).expect(200); // the user's delivered ones
    await user.post('/api/products/1/reviews').send(review).expect(403);
    await admin.patch('/api/orders/1').send({ status: 'delivered' }).expect(200);
    await user.post('/api/products/1/reviews').send(review).expect(201);
  });

  it.each([
    [{ comment: 'x' }, { rating: 'Rating must be a whole number from 1 to 5' }],
    [{ rating: 0, comment: 'x' }, { rating: 'Rating must be a whole number from 1 to 5' }],
    [{ rating: 4.5, comment: 'x' }, { rating: 'Rating must be a whole number from 1 to 5' }],
    [{ rating: '5', comment: 'x' }, { rating: 'Rating must be a whole number from 1 to 5' }],
    [{ rating: 5, comment: '   ' }, { comment: 'Your review must be 1 to 1000 characters' }],
    [{ rating: 5, comment: 'a'.repeat(1001) }, { comment: 'Your review must be 1 to 1000 characters' }],
    [{ rating: 6 }, { rating: 'Rating must be a whole number from 1 to 5', comment: 'Your review must be 1 to 1000 characters' }],
  ])('400 for %j with per-field messages, nothing stored', async (body, errors) => {
    const shop = makeShop();
    const res = await (await shop.as('user')).post('/api/products/1/reviews').send(body).expect(400);
    expect(res.body).toEqual({ message: 'Invalid review', errors });
    expect((await shop.state()).products[0].reviews).toHaveLength(1);
  });

  it('404 for an unknown product; 401 signed out', async () => {
    const shop = makeShop();
    await (await shop.as('user')).post('/api/products/999/reviews').send(review).expect(404);
    await shop.anon().post('/api/products/1/reviews').send(review).expect(401);
    await shop.anon().get('/api/products/1/reviews/eligibility').expect(401);
  });
});

describe('reviewer ids', () => {
  it('no answer a shopper or a visitor gets names a reviewer’s user id; only its author sees a review marked theirs', async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    await user.post('/api/products/1/reviews').send(review).expect(201);
    const other = await shop.as('other'); // has product 1 in their cart
    const hasIds = (body: unknown) => JSON.stringify(body).includes('"user":2');
    const marked = (body: unknown) => JSON.stringify(body).includes('"mine":true');
    for (const agent of [shop.anon(), other]) {
      for (const path of ['/api/products', '/api/products/1', '/api/products?id=1&_embed=reviews', '/api/products?q=Battery']) {
        const { body } = await agent.get(path).expect(200);
        expect(JSON.stringify(body)).toContain('Battery could be better.');
        expect([path, hasIds(body), marked(body)]).toEqual([path, false, false]);
      }
    }
    const cart = (await other.get('/api/cart').expect(200)).body;
    expect(cart[0].product.reviews[1]).toMatchObject({ id: 2, comment: 'Battery could be better.' });
    expect([hasIds(cart), marked(cart)]).toEqual([false, false]);
    // The author's edit answers their view; an admin's answers keep the id for the back office.
    const edited = (await user.patch('/api/products/1/reviews/2').send({ rating: 3 }).expect(200)).body;
    expect(edited.reviews[1]).toMatchObject({ id: 2, rating: 3, mine: true });
    expect(hasIds(edited)).toBe(false);
    const admin = await shop.as('admin');
    const removed = (await admin.delete('/api/products/1/reviews/1').send({}).expect(200)).body;
    expect(removed.reviews).toEqual([expect.objectContaining({ id: 2, user: 2 })]);
  });

  it('an order line keeps no reviews, and orders that still hold some (older ones, the seed’s) are answered without them', async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    await user.post('/api/products/1/reviews').send(review).expect(201);
    // An order placed before the snapshot dropped them: the product's reviews, a reviewer id among them.
    await shop.update((data) => {
      data.orders[0].items[0].product.reviews = [{ id: 9, user: 987654, reviewerName: 'Kim', rating: 4, comment: 'Fine', date: '2026-01-02T00:00:00.000Z' }];
    });
    const other = await shop.as('other');
    const placed = (await other.post('/api/orders').send(orderBody([{ product: 1, quantity: 1 }])).expect(201)).body;
    expect(placed.items[0].product).toMatchObject({ id: 1, title: 'iPhone 15', reviews: [] });
    const stored = (await shop.state()).orders.find((o) => o.id === placed.id)!;
    expect(stored.items[0].product.reviews).toEqual([]);

    const admin = await shop.as('admin');
    const answers: [string, unknown][] = [
      ['own', (await user.get('/api/orders/own').expect(200)).body],
      ['one', (await user.get('/api/orders/1').expect(200)).body],
      ['admin list', (await admin.get('/api/orders').expect(200)).body],
      ['admin one', (await admin.get('/api/orders/1').expect(200)).body],
      ['status', (await admin.patch('/api/orders/1').send({ status: 'dispatched' }).expect(200)).body],
      ['bulk', (await admin.patch('/api/orders').send({ ids: [1], status: 'delivered' }).expect(200)).body],
      ['cancel', (await other.post(`/api/orders/${placed.id}/cancel`).send({}).expect(200)).body],
    ];
    const reviewsIn = (body: unknown): unknown[] => {
      const orders = (Array.isArray(body) ? body : [body]).map((o) => ('order' in o ? o.order : o) as Order);
      return orders.flatMap((o) => o.items.flatMap((i) => i.product.reviews));
    };
    for (const [what, body] of answers) expect([what, reviewsIn(body), JSON.stringify(body).includes('987654')]).toEqual([what, [], false]);
    // The order's lines keep what the page shows of the product as sold.
    expect((answers[1][1] as Order).items[0].product).toMatchObject({ id: 1, title: 'iPhone 15', price: 1000 });
  });

  it('q finds no product by a reviewer’s user id, which no answer holds (its date and comment it does)', async () => {
    const shop = makeShop();
    await shop.update((data) => {
      data.products[1].reviews.push({ id: 2, user: 987654, reviewerName: 'Kim', rating: 4, comment: 'Zyzzyva fine', date: '2026-01-02T00:00:00.000Z' });
    });
    const ids = async (q: string) => ((await shop.anon().get('/api/products').query({ q }).expect(200)).body as Product[]).map((p) => p.id);
    expect(await ids('987654')).toEqual([]);
    expect(await ids('zyzzyva')).toEqual([2]);
    expect(await ids('2026-01-02')).toEqual([2]);
  });
});

describe('PATCH and DELETE /api/products/:id/reviews/:reviewId', () => {
  it('the author edits their review; the rating follows; nobody else may', async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    await user.post('/api/products/1/reviews').send(review).expect(201);
    const edited = await user.patch('/api/products/1/reviews/2').send({ rating: 5 }).expect(200);
    expect(edited.body.reviews[1]).toMatchObject({ id: 2, rating: 5, comment: 'Battery could be better.', verified: true });
    expect(edited.body.rating).toBe(5);
    const other = await shop.as('other');
    expect((await other.patch('/api/products/1/reviews/2').send({ rating: 1 }).expect(403)).body.message).toBe('You can only edit your own review');
    await other.patch('/api/products/1/reviews/1').send({ rating: 1 }).expect(403); // a seed review is nobody's
    await user.patch('/api/products/1/reviews/9').send({ rating: 1 }).expect(404);
    expect((await user.patch('/api/products/1/reviews/2').send({ rating: 9 }).expect(400)).body.errors).toEqual({
      rating: 'Rating must be a whole number from 1 to 5',
    });
    // Nothing to change is not a change: the review keeps its date.
    const before = (await shop.state()).products[0].reviews[1];
    expect((await user.patch('/api/products/1/reviews/2').send({ verified: false }).expect(400)).body).toEqual({
      message: 'Invalid review',
      errors: { review: 'Send a rating, a comment or both' },
    });
    expect((await shop.state()).products[0].reviews[1]).toEqual(before);
  });

  it('an admin removes a review, seed or verified, and the rating follows; shoppers may not', async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    await user.post('/api/products/1/reviews').send(review).expect(201);
    await user.delete('/api/products/1/reviews/2').send({}).expect(403);
    const admin = await shop.as('admin');
    const res = await admin.delete('/api/products/1/reviews/1').send({}).expect(200);
    expect(res.body.reviews.map((r: { id: number }) => r.id)).toEqual([2]);
    expect(res.body.rating).toBe(2);
    const none = await admin.delete('/api/products/1/reviews/2').send({}).expect(200);
    expect(none.body).toMatchObject({ reviews: [], rating: 0 });
    await admin.delete('/api/products/1/reviews/2').send({}).expect(404);
    // Once removed, the shopper may review again.
    expect((await user.get('/api/products/1/reviews/eligibility').expect(200)).body.canReview).toBe(true);
  });
});
