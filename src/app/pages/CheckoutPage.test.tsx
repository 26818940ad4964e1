import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { address, cartItem, jsonResponse, order, renderWithProviders, stubFetch, user, session, fillAddress } from '../../test/utils';
import { initialState as cart } from '../../features/cart/cartSlice';
import { initialState as userState } from '../../features/user/userSlice';
import CheckoutPage from './CheckoutPage';

afterEach(() => vi.unstubAllGlobals());

const saved = { ...user, addresses: [address] };

function render(account = saved) {
  return renderWithProviders(<CheckoutPage />, {
    route: '/checkout',
    path: '/checkout',
    preloadedState: {
      ...session(account),
      user: { ...userState, userInfo: account },
      cart: { ...cart, status: 'idle', cartLoaded: true, items: [cartItem({ quantity: 2 })] },
    },
    routes: [{ path: '/orderSuccess/:id', element: <p>Success page</p> }, { path: '/', element: <p>Home</p> }],
  });
}

describe('CheckoutPage', () => {
  it('lists saved addresses as radios, Cash by default, and the order summary', () => {
    render();
    expect(screen.getByRole('radio', { name: /Ada Lovelace/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Cash' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Card Payment' })).not.toBeChecked();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$180');
  });

  it('asks for an address before ordering', async () => {
    const fetch = stubFetch({});
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a shipping address');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('places the order with the chosen address and payment, then goes to the success page', async () => {
    const fetch = stubFetch({ 'POST /api/orders': () => jsonResponse(order({ id: 77 }), 201) });
    render();
    await userEvent.click(screen.getByRole('radio', { name: /Ada Lovelace/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'Card Payment' }));
    await userEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    expect(await screen.findByText('Success page')).toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toMatchObject({
      user: 7,
      totalAmount: 180,
      totalItems: 2,
      paymentMethod: 'card',
      selectedAddress: address,
      status: 'pending',
    });
  });

  it("shows the server's 409 message and stays", async () => {
    stubFetch({
      'POST /api/orders': () => jsonResponse({ message: 'Only 1 of Novaphone Zen 8 left in stock' }, 409),
      'GET /api/cart': () => jsonResponse([cartItem({ quantity: 2 })]),
    });
    render();
    await userEvent.click(screen.getByRole('radio', { name: /Ada Lovelace/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    const alerts = await screen.findAllByText(/Only 1 of Novaphone Zen 8 left in stock/);
    expect(alerts.length).toBeGreaterThan(0);
    expect(screen.queryByText('Success page')).not.toBeInTheDocument();
  });

  it('saves a new address with the full list and selects it', async () => {
    const fetch = stubFetch({ 'PATCH /api/users/7': ({ body }) => jsonResponse({ ...user, ...(body as object) }) });
    render({ ...user, addresses: [] });
    const other = { ...address, name: 'Grace Hopper' };
    await fillAddress(other);
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByRole('radio', { name: /Grace Hopper/ })).toBeChecked();
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ id: 7, addresses: [other] });
    expect(screen.getByLabelText('Full Name')).toHaveValue('');
    expect(await screen.findByText('Address saved')).toBeInTheDocument();
  });

  it('says when the order was taken but not yet saved (503), without claiming it failed', async () => {
    const taken = 'Order #13 was received but could not be saved to disk yet. Check My Orders before ordering again.';
    stubFetch({
      'POST /api/orders': () => jsonResponse({ message: taken }, 503),
      'GET /api/cart': () => jsonResponse([]),
    });
    render();
    await userEvent.click(screen.getByRole('radio', { name: /Ada Lovelace/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    expect((await screen.findAllByText(taken)).length).toBeGreaterThan(0);
    expect(screen.queryByText(/The order was not placed/)).not.toBeInTheDocument();
  });

  it('retries a network error with the same Idempotency-Key, so the retry cannot order twice', async () => {
    let calls = 0;
    const fetch = stubFetch({
      'POST /api/orders': () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return jsonResponse(order({ id: 78 }), 201);
      },
    });
    render();
    await userEvent.click(screen.getByRole('radio', { name: /Ada Lovelace/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    expect(await screen.findByText('Success page')).toBeInTheDocument();
    const keys = fetch.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('pressing Order Now again reuses the key of an attempt left unanswered (503), not of a refused one', async () => {
    const answers = [
      () => jsonResponse({ message: 'Order #13 was received but could not be saved to disk yet.' }, 503),
      () => jsonResponse({ message: 'Only 1 of Novaphone Zen 8 left in stock' }, 409),
      () => jsonResponse(order({ id: 79 }), 201),
    ];
    const fetch = stubFetch({
      'POST /api/orders': () => answers.shift()!(),
      'GET /api/cart': () => jsonResponse([cartItem({ quantity: 2 })]),
    });
    render();
    await userEvent.click(screen.getByRole('radio', { name: /Ada Lovelace/ }));
    const order_ = () => userEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    await order_();
    expect((await screen.findAllByText(/could not be saved to disk yet/)).length).toBeGreaterThan(0);
    await order_();
    expect((await screen.findAllByText(/Only 1 of Novaphone Zen 8 left/)).length).toBeGreaterThan(0);
    await order_();
    expect(await screen.findByText('Success page')).toBeInTheDocument();
    const keys = fetch.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('a cart that failed to load shows the error and a retry, not a redirect', async () => {
    const fetch = stubFetch({ 'GET /api/cart': () => jsonResponse([cartItem({ quantity: 2 })]) });
    const { store } = renderWithProviders(<CheckoutPage />, {
      route: '/checkout',
      path: '/checkout',
      preloadedState: {
        ...session(saved),
        user: { ...userState, userInfo: saved },
        cart: { ...cart, status: 'idle', cartLoaded: true, items: [], error: 'Failed to fetch' },
      },
      routes: [{ path: '/', element: <p>Home</p> }],
    });
    expect(screen.getByText('Your cart could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('Home')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Try again|Retry/ }));
    expect(await screen.findByRole('button', { name: 'Order Now' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalled();
    expect(store.getState().cart.items).toHaveLength(1);
  });

  it('an empty cart redirects to /', () => {
    renderWithProviders(<CheckoutPage />, {
      route: '/checkout',
      path: '/checkout',
      preloadedState: {
        ...session(saved),
        cart: { ...cart, status: 'idle', cartLoaded: true, items: [] },
      },
      routes: [{ path: '/', element: <p>Home</p> }],
    });
    expect(screen.getByText('Home')).toBeInTheDocument();
  });
});
