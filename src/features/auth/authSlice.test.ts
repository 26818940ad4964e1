import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { NETWORK_ERROR_MESSAGE } from '../../lib/apiClient';
import { WRONG_CREDENTIALS } from '../../domain/constants';
import { calls, jsonResponse, stubFetch, user } from '../../test/utils';
import { loggedOut, userUpdated } from '../../lib/session';
import reducer, {
  authErrorCleared,
  checkAuthAsync,
  createUserAsync,
  initialState,
  loginUserAsync,
  signOutAsync,
} from './authSlice';

afterEach(() => vi.unstubAllGlobals());

describe('authSlice reducers', () => {
  it('starts signed out and unchecked', () => {
    expect(reducer(undefined, { type: 'init' })).toEqual({
      loggedInUserToken: null,
      status: 'idle',
      error: null,
      userChecked: false,
    });
  });

  it('a finished check marks userChecked whether it succeeded or failed', () => {
    const ok = reducer(initialState, checkAuthAsync.fulfilled(user, 'r'));
    expect(ok).toMatchObject({ loggedInUserToken: user, userChecked: true, status: 'idle' });
    const failed = reducer(initialState, checkAuthAsync.rejected(null, 'r', undefined, { message: 'x', status: 401 }));
    expect(failed).toMatchObject({ loggedInUserToken: null, userChecked: true, error: null });
  });

  it('loading while a request runs, idle after', () => {
    const pending = reducer(initialState, loginUserAsync.pending('r', { email: 'a', password: 'b' }));
    expect(pending.status).toBe('loading');
  });

  it('an update of the user replaces the signed-in user', () => {
    const signedIn = { ...initialState, loggedInUserToken: user };
    const renamed = { ...user, name: 'Ada' };
    expect(reducer(signedIn, userUpdated(renamed)).loggedInUserToken).toEqual(renamed);
  });

  it('signing out clears the user but keeps the check done', () => {
    const signedIn = { ...initialState, loggedInUserToken: user, userChecked: true, error: 'x' };
    expect(reducer(signedIn, loggedOut())).toEqual({ ...initialState, userChecked: true });
  });

  it('clears its error on request', () => {
    expect(reducer({ ...initialState, error: 'boom' }, authErrorCleared()).error).toBeNull();
  });
});

describe('authSlice thunks', () => {
  it('signup posts the new user (no addresses, role user) and stores the answer', async () => {
    const fetch = stubFetch({ 'POST /api/auth/signup': ({ body }) => jsonResponse({ ...user, email: (body as { email: string }).email }, 201) });
    const store = makeStore();
    await store.dispatch(createUserAsync({ email: 'new@shop.test', password: 'Secret123' }));
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({
      email: 'new@shop.test',
      password: 'Secret123',
      addresses: [],
      role: 'user',
    });
    expect(store.getState().auth.loggedInUserToken?.email).toBe('new@shop.test');
  });

  it('signup failure keeps the server message (e.g. a duplicate email)', async () => {
    stubFetch({ 'POST /api/auth/signup': () => jsonResponse({ message: 'Email already registered' }, 409) });
    const store = makeStore();
    await store.dispatch(createUserAsync({ email: 'dup@shop.test', password: 'Secret123' }));
    expect(store.getState().auth).toMatchObject({ loggedInUserToken: null, error: 'Email already registered', status: 'idle' });
  });

  it('login stores the user', async () => {
    stubFetch({ 'POST /api/auth/login': () => jsonResponse(user) });
    const store = makeStore();
    await store.dispatch(loginUserAsync({ email: user.email, password: 'Secret123' }));
    expect(store.getState().auth).toMatchObject({ loggedInUserToken: user, error: null, status: 'idle' });
  });

  it("a refused login reads 'Wrong Email or Password'", async () => {
    stubFetch({ 'POST /api/auth/login': () => new Response('Unauthorized', { status: 401 }) });
    const store = makeStore();
    const result = await store.dispatch(loginUserAsync({ email: user.email, password: 'nope' }));
    expect(result.payload).toMatchObject({ message: WRONG_CREDENTIALS, status: 401 });
    expect(store.getState().auth.error).toBe('Wrong Email or Password');
  });

  it('a throttled login keeps the server message; a network error passes through', async () => {
    stubFetch({ 'POST /api/auth/login': () => jsonResponse({ message: 'Too many attempts' }, 429) });
    const store = makeStore();
    await store.dispatch(loginUserAsync({ email: user.email, password: 'x' }));
    expect(store.getState().auth.error).toBe('Too many attempts');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await store.dispatch(loginUserAsync({ email: user.email, password: 'x' }));
    expect(store.getState().auth.error).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('the session check fills the user, or only marks the check done', async () => {
    stubFetch({ 'GET /api/auth/check': () => jsonResponse(user) });
    const store = makeStore();
    await store.dispatch(checkAuthAsync());
    expect(store.getState().auth).toMatchObject({ loggedInUserToken: user, userChecked: true });

    stubFetch({ 'GET /api/auth/check': () => jsonResponse({ message: 'Not signed in' }, 401) });
    const other = makeStore();
    await other.dispatch(checkAuthAsync());
    expect(other.getState().auth).toMatchObject({ loggedInUserToken: null, userChecked: true, error: null });
  });

  it('sign-out calls POST /auth/logout, then every slice is cleared', async () => {
    const fetch = stubFetch({ 'POST /api/auth/logout': () => jsonResponse(undefined, 204) });
    const store = makeStore({
      auth: { ...initialState, loggedInUserToken: user, userChecked: true },
      cart: { items: [], membership: null, status: 'idle', cartLoaded: true, error: null },
      user: {
        userInfo: user,
        orders: [],
        status: 'idle',
        error: null,
      },
    });
    await store.dispatch(signOutAsync());
    expect(calls(fetch)).toEqual(['POST /api/auth/logout']);
    const state = store.getState();
    expect(state.auth).toEqual({ ...initialState, userChecked: true });
    expect(state.cart).toMatchObject({ cartLoaded: false, status: 'ideal' });
    expect(state.user.userInfo).toBeNull();
  });

  it('sign-out treats 401 (session already gone) as done, and keeps the user on other failures', async () => {
    stubFetch({ 'POST /api/auth/logout': () => jsonResponse({ message: 'Not signed in' }, 401) });
    const store = makeStore({ auth: { ...initialState, loggedInUserToken: user, userChecked: true } });
    await store.dispatch(signOutAsync());
    expect(store.getState().auth.loggedInUserToken).toBeNull();

    stubFetch({ 'POST /api/auth/logout': () => jsonResponse({ message: 'Server down' }, 500) });
    const other = makeStore({ auth: { ...initialState, loggedInUserToken: user, userChecked: true } });
    await other.dispatch(signOutAsync());
    expect(other.getState().auth).toMatchObject({ loggedInUserToken: user, error: 'Server down' });
  });
});
