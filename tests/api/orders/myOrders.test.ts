// My Orders in pages: GET /api/orders/own answers the whole list and, asked for a page (_page with
// _limit or _per_page), that page, newest first, with X-Total-Count. On either driver.
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../src/domain/types';
import { expectNoLeaks, makeShop, orderBody } from '../fixtures';

afterEach(expectNoLeaks);

const ids = (body: Order[]) => body.map((o) => o.id);

describe('GET /api/orders/own in pages', () => {
  it('answers one page of the caller\'s orders, newest first, and how many there are', async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    // The fixture's user has orders 1, 3, 5, … 11, each a day after the one before.
    const all = await user.get('/api/orders/own/').expect(200);
    expect(ids(all.body)).toEqual([11, 9, 7, 5, 3, 1]);

    const first = await user.get('/api/orders/own/?_page=1&_limit=4').expect(200);
    expect(ids(first.body)).toEqual([11, 9, 7, 5]);
    expect(first.headers['x-total-count']).toBe('6');
    const second = await user.get('/api/orders/own/?_page=2&_limit=4').expect(200);
    expect(ids(second.body)).toEqual([3, 1]);
    expect(second.headers['x-total-count']).toBe('6');
    const perPage = await user.get('/api/orders/own?_page=3&_per_page=2').expect(200);
    expect(ids(perPage.body)).toEqual([3, 1]);

    // Past the last page: nothing, still counted. Without a page size: pages of 10.
    const past = await user.get('/api/orders/own?_page=9&_limit=4').expect(200);
    expect(past.body).toEqual([]);
    expect(past.headers['x-total-count']).toBe('6');
    expect(ids((await user.get('/api/orders/own?_page=1').expect(200)).body)).toEqual([11, 9, 7, 5, 3, 1]);
  });

  it('the whole list (up to 1,000) counts itself; each shopper pages their own orders only', async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    const whole = await user.get('/api/orders/own').expect(200);
    expect(whole.headers['x-total-count']).toBe(String(whole.body.length));
    expect(whole.headers.link).toBeUndefined();

    const other = await shop.as('other');
    const page = await other.get('/api/orders/own?_page=1&_limit=10').expect(200);
    expect(ids(page.body)).toEqual([12, 10, 8, 6, 4, 2]);
    expect(page.body.every((o: Order) => o.user === 3)).toBe(true);
    // The admin's own orders: none, even though they may read everyone's elsewhere.
    const admin = await shop.as('admin');
    const none = await admin.get('/api/orders/own?_page=1&_limit=10').expect(200);
    expect(none.body).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    await shop.anon().get('/api/orders/own?_page=1&_limit=10').expect(401);
  });

  it('a newly placed order heads the first page', async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    const placed = await user.post('/api/orders').send(orderBody([{ product: 1, quantity: 1 }])).expect(201);
    const page = await user.get('/api/orders/own?_page=1&_limit=2').expect(200);
    expect(ids(page.body)).toEqual([placed.body.id, 11]);
    expect(page.headers['x-total-count']).toBe('7');
    expect(page.body[0]).toEqual(placed.body);
  });

  it('refuses a page or size that is not a whole number in range, with a message', async () => {
    const shop = makeShop();
    const user = await shop.as('user');
    for (const query of ['_page=0&_limit=10', '_page=1&_limit=0', '_page=abc&_limit=10', '_page=1&_limit=100000', '_page=1&_page=2&_limit=10']) {
      const res = await user.get(`/api/orders/own?${query}`).expect(400);
      expect(typeof res.body.message).toBe('string');
    }
  });
});
