import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { calls, cartItem, jsonResponse, product, stubFetch } from '../../test/utils';
import { loggedOut } from '../../lib/session';
import reducer, {
  addToCartAsync,
  cartReplaced,
  cartReset,
  deleteItemFromCartAsync,
  fetchCartAsync,
  initialState,
  updateCartAsync,
} from './cartSlice';
import { selectCartTotals } from './cartTotals';
import { buyAgainAsync } from './buyAgain';

afterEach(() => vi.unstubAllGlobals());

const phone = cartItem({ id: 1, product: product({ id: 10, price: 100, discountPercentage: 10 }), quantity: 2 });
const laptop = cartItem({ id: 2, product: product({ id: 20, price: 50, discountPercentage: 0 }), quantity: 1 });
const loaded = { ...initialState, items: [phone, laptop], status: 'idle' as const, cartLoaded: true };

describe('cartSlice reducers', () => {
  it("starts empty with the status spelled 'ideal'", () => {
    expect(reducer(undefined, { type: 'init' })).toEqual({ items: [], membership: null, status: 'ideal', cartLoaded: false, error: null });
  });

  it('add pushes the returned item', () => {
    const state = reducer(loaded, addToCartAsync.fulfilled(cartItem({ id: 3 }), 'r', { product: 1, quantity: 1 }));
    expect(state.items.map((i) => i.id)).toEqual([1, 2, 3]);
  });

  it('update replaces the item with the same id', () => {
    const state = reducer(loaded, updateCartAsync.fulfilled({ ...phone, quantity: 5 }, 'r', { id: 1, quantity: 5 }));
    expect(state.items[0].quantity).toBe(5);
    expect(state.items[1]).toEqual(laptop);
  });

  it('delete removes the item whose product id matches', () => {
    const state = reducer(loaded, deleteItemFromCartAsync.fulfilled(20, 'r', 20));
    expect(state.items).toEqual([phone]);
  });

  it('reset empties the list; sign-out restores the initial state', () => {
    expect(reducer(loaded, cartReset()).items).toEqual([]);
    expect(reducer(loaded, loggedOut())).toEqual(initialState);
  });

  it('totals use the discounted unit price × quantity', () => {
    expect(selectCartTotals({ cart: loaded })).toEqual({ totalAmount: 230, totalItems: 3 });
  });

  it('totals keep their identity while the items are unchanged (no re-render on other actions)', () => {
    const first = selectCartTotals({ cart: loaded });
    expect(selectCartTotals({ cart: { ...loaded, status: 'loading' } })).toBe(first);
    expect(selectCartTotals({ cart: reducer(loaded, cartReset()) })).not.toBe(first);
  });
});

describe('cartSlice thunks', () => {
  it('load replaces the list and sets cartLoaded', async () => {
    stubFetch({ 'GET /api/cart': () => jsonResponse([phone]) });
    const store = makeStore();
    const pending = store.dispatch(fetchCartAsync());
    expect(store.getState().cart.status).toBe('loading');
    await pending;
    expect(store.getState().cart).toEqual({ items: [phone], membership: null, status: 'idle', cartLoaded: true, error: null });
  });

  it('a failed load still sets cartLoaded and keeps the reason', async () => {
    stubFetch({ 'GET /api/cart': () => jsonResponse({ message: 'Server down' }, 500) });
    const store = makeStore();
    await store.dispatch(fetchCartAsync());
    expect(store.getState().cart).toMatchObject({ items: [], cartLoaded: true, error: 'Server down', status: 'idle' });
  });

  it('add posts the product id and quantity', async () => {
    const fetch = stubFetch({ 'POST /api/cart': () => jsonResponse(phone, 201) });
    const store = makeStore();
    await store.dispatch(addToCartAsync({ product: 10, quantity: 1 }));
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ product: 10, quantity: 1 });
    expect(store.getState().cart.items).toEqual([phone]);
  });

  it('a refused add (409) rejects with the server message and changes nothing', async () => {
    stubFetch({ 'POST /api/cart': () => jsonResponse({ message: 'Only 2 left in stock' }, 409) });
    const store = makeStore({ cart: loaded });
    const result = await store.dispatch(addToCartAsync({ product: 30, quantity: 1 }));
    expect(addToCartAsync.rejected.match(result) && result.payload).toEqual({
      message: 'Only 2 left in stock',
      status: 409,
      errors: undefined,
    });
    expect(store.getState().cart.items).toEqual(loaded.items);
  });

  it('update patches /cart/{id} with id and quantity', async () => {
    const fetch = stubFetch({ 'PATCH /api/cart/1': () => jsonResponse({ ...phone, quantity: 4 }) });
    const store = makeStore({ cart: loaded });
    await store.dispatch(updateCartAsync({ id: 1, quantity: 4 }));
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ id: 1, quantity: 4 });
    expect(store.getState().cart.items[0].quantity).toBe(4);
  });

  it('a failed update keeps the stored quantity', async () => {
    stubFetch({ 'PATCH /api/cart/1': () => jsonResponse({ message: 'Only 3 left' }, 409) });
    const store = makeStore({ cart: loaded });
    const result = await store.dispatch(updateCartAsync({ id: 1, quantity: 6 }));
    expect(updateCartAsync.rejected.match(result)).toBe(true);
    expect(store.getState().cart.items[0].quantity).toBe(2);
  });

  it('delete calls DELETE /cart/{productId}; a failure keeps the line', async () => {
    const fetch = stubFetch({ 'DELETE /api/cart/20': () => jsonResponse(undefined, 204) });
    const store = makeStore({ cart: loaded });
    await store.dispatch(deleteItemFromCartAsync(20));
    expect(calls(fetch)).toEqual(['DELETE /api/cart/20']);
    expect(store.getState().cart.items).toEqual([phone]);

    stubFetch({ 'DELETE /api/cart/10': () => jsonResponse({ message: 'Not found' }, 404) });
    await store.dispatch(deleteItemFromCartAsync(10));
    expect(store.getState().cart.items).toEqual([phone]);
  });

  it("'Buy again' replaces the cart with the server's (cartReplaced, announced by buyAgainAsync)", async () => {
    const line = cartItem({ id: 90, quantity: 2 });
    expect(reducer(loaded, cartReplaced([line])).items).toEqual([line]);

    const fetch = stubFetch({ 'POST /api/orders/5/buy-again': () => jsonResponse({ added: [], skipped: [], cart: [line] }) });
    const store = makeStore({ cart: loaded });
    await store.dispatch(buyAgainAsync(5));
    expect(calls(fetch)).toEqual(['POST /api/orders/5/buy-again']);
    expect(store.getState().cart.items).toEqual([line]);
  });
});
