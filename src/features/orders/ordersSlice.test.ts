import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { address, calls, cartItem, jsonResponse, order, stubFetch, user } from '../../test/utils';
import type { NewOrder } from '../../domain/types';
import { loggedOut } from '../../lib/session';
import { ordersQueryString } from './ordersQuery';

/** The admin list's API query for `page`. */
const q = (page: number) => ordersQueryString({ page });
import reducer, {
  createOrderAsync,
  fetchAllOrdersAsync,
  initialState,
  resetOrder,
  updateOrderAsync,
} from './ordersSlice';

afterEach(() => vi.unstubAllGlobals());

const newOrder: NewOrder = {
  items: [cartItem()],
  user: user.id,
  totalAmount: 90,
  totalItems: 1,
  paymentMethod: 'card',
  selectedAddress: address,
  status: 'pending',
};

describe('ordersSlice reducers', () => {
  it('create appends the order and sets currentOrder; resetOrder clears it', () => {
    const created = reducer(initialState, createOrderAsync.fulfilled(order(), 'r', { order: newOrder, idempotencyKey: 'k1' }));
    expect(created).toMatchObject({ orders: [order()], currentOrder: order(), status: 'idle' });
    expect(reducer(created, resetOrder()).currentOrder).toBeNull();
  });

  it('update replaces the order with the same id', () => {
    const list = { ...initialState, orders: [order({ id: 1 }), order({ id: 2 })] };
    const state = reducer(list, updateOrderAsync.fulfilled(order({ id: 2, status: 'delivered' }), 'r', { id: 2, status: 'delivered' }));
    expect(state.orders.map((o) => o.status)).toEqual(['pending', 'delivered']);
  });

  it('list replaces orders and totalOrders; sign-out clears everything', () => {
    const asked = reducer({ ...initialState, orders: [order({ id: 9 })] }, fetchAllOrdersAsync.pending('r', q(1)));
    const state = reducer(asked, fetchAllOrdersAsync.fulfilled({ orders: [order({ id: 1 })], totalOrders: 12 }, 'r', q(1)));
    expect(state).toMatchObject({ orders: [order({ id: 1 })], totalOrders: 12, status: 'idle' });
    expect(reducer(state, loggedOut())).toEqual(initialState);
  });

  it('drops a late answer to an older list request (paging quickly), and an aborted one', () => {
    let state = reducer(initialState, fetchAllOrdersAsync.pending('page2', q(2)));
    state = reducer(state, fetchAllOrdersAsync.pending('page3', q(3)));
    state = reducer(state, fetchAllOrdersAsync.fulfilled({ orders: [order({ id: 3 })], totalOrders: 15 }, 'page3', q(3)));
    state = reducer(state, fetchAllOrdersAsync.fulfilled({ orders: [order({ id: 2 })], totalOrders: 15 }, 'page2', q(2)));
    expect(state).toMatchObject({ orders: [order({ id: 3 })], status: 'idle' });
    const aborted = reducer(
      reducer(state, fetchAllOrdersAsync.pending('page4', q(4))),
      fetchAllOrdersAsync.rejected(new DOMException('Aborted', 'AbortError'), 'page4', q(4), undefined),
    );
    expect(aborted.error).toBeNull();
  });
});

describe('ordersSlice thunks', () => {
  it('create posts the order body and stores the answer as currentOrder', async () => {
    const fetch = stubFetch({ 'POST /api/orders': () => jsonResponse(order({ id: 55 }), 201) });
    const store = makeStore();
    const pending = store.dispatch(createOrderAsync({ order: newOrder, idempotencyKey: 'key-1' }));
    expect(store.getState().orders.status).toBe('loading');
    await pending;
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual(newOrder);
    expect(new Headers(fetch.mock.calls[0][1]?.headers).get('Idempotency-Key')).toBe('key-1');
    expect(store.getState().orders.currentOrder?.id).toBe(55);
  });

  it("a refused order (409 stock) keeps the server's message and sets no currentOrder", async () => {
    stubFetch({ 'POST /api/orders': () => jsonResponse({ message: 'Only 1 of Novaphone Zen 8 left in stock' }, 409) });
    const store = makeStore();
    const result = await store.dispatch(createOrderAsync({ order: newOrder, idempotencyKey: 'key-2' }));
    expect(result.payload).toMatchObject({ message: 'Only 1 of Novaphone Zen 8 left in stock', status: 409 });
    expect(store.getState().orders).toMatchObject({ currentOrder: null, error: 'Only 1 of Novaphone Zen 8 left in stock' });
  });

  it('the admin list asks for _page and _per_page and reads X-Total-Count', async () => {
    const fetch = stubFetch({
      'GET /api/orders': () => jsonResponse([order({ id: 1 }), order({ id: 2 })], 200, { 'X-Total-Count': '12' }),
    });
    const store = makeStore();
    await store.dispatch(fetchAllOrdersAsync(ordersQueryString({ page: 2, sort: 'totalAmount', order: 'desc', status: 'pending' })));
    expect(calls(fetch)).toEqual(['GET /api/orders?_page=2&_per_page=5&_sort=totalAmount&_order=desc&status=pending']);
    expect(store.getState().orders).toMatchObject({ totalOrders: 12, status: 'idle' });
    expect(store.getState().orders.orders).toHaveLength(2);
  });

  it('a failed list keeps the message', async () => {
    stubFetch({ 'GET /api/orders': () => jsonResponse({ message: 'Admins only' }, 403) });
    const store = makeStore();
    await store.dispatch(fetchAllOrdersAsync(q(1)));
    expect(store.getState().orders).toMatchObject({ error: 'Admins only', status: 'idle' });
  });

  it('update patches the status; a failure leaves the row as stored', async () => {
    const fetch = stubFetch({ 'PATCH /api/orders/1': () => jsonResponse(order({ id: 1, status: 'dispatched' })) });
    const store = makeStore({ orders: { ...initialState, orders: [order({ id: 1 })] } });
    await store.dispatch(updateOrderAsync({ id: 1, status: 'dispatched' }));
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ id: 1, status: 'dispatched' });
    expect(store.getState().orders.orders[0].status).toBe('dispatched');

    stubFetch({ 'PATCH /api/orders/1': () => jsonResponse({ message: 'Invalid status' }, 400) });
    const result = await store.dispatch(updateOrderAsync({ id: 1, status: 'delivered' }));
    expect(updateOrderAsync.rejected.match(result)).toBe(true);
    expect(store.getState().orders.orders[0].status).toBe('dispatched');
  });

  it('builds the default admin query with 5 per page', () => {
    expect(ordersQueryString({ page: 1 })).toBe('_page=1&_per_page=5');
  });
});
