import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { address, jsonResponse, order, stubFetch, user, session } from '../../test/utils';
import { loggedOut } from '../../lib/session';
import reducer, {
  fetchLoggedInUserAsync,
  initialState,
  orderReplaced,
  updateUserAsync,
} from './userSlice';
import { cancelOrderAsync } from './myOrders';

afterEach(() => vi.unstubAllGlobals());

describe('userSlice', () => {
  it('starts empty and is cleared on sign-out', () => {
    expect(reducer(undefined, { type: 'init' })).toEqual(initialState);
    const filled = { ...initialState, userInfo: user, orders: [order()] };
    expect(reducer(filled, loggedOut())).toEqual(initialState);
  });

  it('loads the signed-in user (GET /users/own)', async () => {
    stubFetch({ 'GET /api/users/own': () => jsonResponse(user) });
    const store = makeStore();
    const pending = store.dispatch(fetchLoggedInUserAsync());
    expect(store.getState().user.status).toBe('loading');
    await pending;
    expect(store.getState().user).toMatchObject({ userInfo: user, status: 'idle', error: null });
  });

  it('keeps the reason when the user cannot be loaded', async () => {
    stubFetch({ 'GET /api/users/own': () => jsonResponse({ message: 'Not signed in' }, 401) });
    const store = makeStore();
    await store.dispatch(fetchLoggedInUserAsync());
    expect(store.getState().user).toMatchObject({ userInfo: null, error: 'Not signed in' });
  });

  it('updates with the complete address list and refreshes both user copies', async () => {
    const fetch = stubFetch({
      'PATCH /api/users/7': ({ body }) => jsonResponse({ ...user, ...(body as object) }),
    });
    const store = makeStore({ user: { ...initialState, userInfo: user }, ...session(user) });
    await store.dispatch(updateUserAsync({ id: 7, addresses: [address] }));
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ id: 7, addresses: [address] });
    expect(store.getState().user.userInfo?.addresses).toEqual([address]);
    expect(store.getState().auth.loggedInUserToken?.addresses).toEqual([address]);
  });

  it('a refused update keeps the stored user and hands the per-field errors to the caller', async () => {
    stubFetch({
      'PATCH /api/users/7': () => jsonResponse({ message: 'Invalid address', errors: { 'addresses.0.pincode': 'Pin Code is Required' } }, 400),
    });
    const store = makeStore({ user: { ...initialState, userInfo: user } });
    const result = await store.dispatch(updateUserAsync({ id: 7, addresses: [{ ...address, pincode: '' }] }));
    expect(result.payload).toEqual({
      message: 'Invalid address',
      errors: { 'addresses.0.pincode': 'Pin Code is Required' },
      status: 400,
    });
    expect(store.getState().user.userInfo).toEqual(user);
  });

  it('a cancelled order replaces the one with its id (orderReplaced, announced by cancelOrderAsync)', async () => {
    const orders = [order({ id: 1 }), order({ id: 2 })];
    const cancelled = order({ id: 2, status: 'cancelled' });
    expect(reducer({ ...initialState, orders }, orderReplaced(cancelled)).orders).toEqual([orders[0], cancelled]);
    expect(reducer({ ...initialState, orders }, orderReplaced(order({ id: 9 }))).orders).toEqual(orders);

    stubFetch({ 'POST /api/orders/2/cancel': () => jsonResponse(cancelled) });
    const store = makeStore({ user: { ...initialState, orders } });
    await store.dispatch(cancelOrderAsync(2));
    expect(store.getState().user.orders).toEqual([orders[0], cancelled]);
  });
});
