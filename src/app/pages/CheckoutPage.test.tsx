import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { address, cartItem, jsonResponse, order, renderWithProviders, sent, stubFetch, user, session, fillAddress } from '../../test/utils';
import type { Quote, QuoteRequest } from '../../domain/quote';
import { initialState as cart } from '../../features/cart/cartSlice';
import { initialState as userState } from '../../features/user/userSlice';
import CheckoutPage from './CheckoutPage';

afterEach(() => vi.unstubAllGlobals());

const saved = { ...user, addresses: [address] };

/** Each with the dates the server's quote gives for this cart by it (UTC days, written the same in any time zone). */
const METHODS = [
  { id: 5, name: 'Standard', country: 'Canada', amount: 8, freeOver: 100, estimate: { minDays: 3, maxDays: 7 }, delivery: { from: '2026-12-03', to: '2026-12-11' } },
  { id: 6, name: 'Express', country: 'Canada', amount: 25, freeOver: null, estimate: { minDays: 1, maxDays: 2 }, delivery: { from: '2026-12-01', to: '2026-12-02' } },
];

/**
 * A quote as the server would answer `request` for the test cart ($180 of goods): the code SAVE10
 * takes $10, any other code is rejected; Standard is free (over $100), Express $25; 13 % tax.
 */
function quoteFor(request: QuoteRequest = {}, memberSavings = 0): Quote {
  const codes = request.codes ?? [];
  const good = codes.filter((code) => code.toUpperCase() === 'SAVE10');
  const discount = good.length * 10;
  const method = METHODS.find((m) => m.id === request.shippingMethod) ?? METHODS[0];
  const charge = (m: (typeof METHODS)[number]) => (m.freeOver !== null && 180 - discount >= m.freeOver ? 0 : m.amount);
  const shipping = charge(method);
  const tax = Math.round((180 - discount + shipping) * 13) / 100;
  return {
    lines: [],
    promotions: good.map((code) => ({ id: 3, code, label: 'Ten dollars off', amount: 10 })),
    rejected: codes.filter((code) => !good.includes(code)).map((code) => ({ code, reason: 'This code does not exist' })),
    shipping: { method: method.id, name: method.name, amount: shipping },
    shippingMethods: METHODS.map((m) => ({ ...m, charge: charge(m) })),
    tax: { rate: 13, amount: tax },
    totals: { subtotal: 180, discount, shipping, tax, total: Math.round((180 - discount + shipping + tax) * 100) / 100 },
    memberSavings,
  };
}

const quoteRoute = { 'POST /api/checkout/quote': ({ body }: { body: unknown }) => jsonResponse(quoteFor(body as QuoteRequest)) };
/** The order summary's five figures. */
const breakdown = () => screen.getByLabelText('Order total');
const totalIs = (text: string) => waitFor(() => expect(within(breakdown()).getByText('Total').nextSibling).toHaveTextContent(text));

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
    stubFetch(quoteRoute);
    render();
    expect(screen.getByRole('radio', { name: /Ada Lovelace/ })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Cash' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Card Payment' })).not.toBeChecked();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$180');
  });

  it('asks for an address before ordering', async () => {
    const fetch = stubFetch(quoteRoute);
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a shipping address');
    expect(sent(fetch, 'POST /api/orders')).toHaveLength(0);
  });

  it('places the order with the chosen address and payment, then goes to the success page', async () => {
    const fetch = stubFetch({ ...quoteRoute, 'POST /api/orders': () => jsonResponse(order({ id: 77 }), 201) });
    render();
    await userEvent.click(screen.getByRole('radio', { name: /Ada Lovelace/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    expect(await screen.findByText('Success page')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/orders')[0]).toMatchObject({
      user: 7,
      totalItems: 2,
      paymentMethod: 'cash',
      selectedAddress: address,
      status: 'pending',
    });
  });

  it('Order Now waits while the total is updated, then sends the total shown (none before an address is chosen)', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const fetch = stubFetch({
      'POST /api/checkout/quote': async ({ body }) => {
        if ((body as QuoteRequest).address !== undefined) await held;
        return jsonResponse(quoteFor(body as QuoteRequest));
      },
      'POST /api/orders': () => jsonResponse(order({ id: 77 }), 201),
    });
    render();
    await userEvent.click(screen.getByRole('radio', { name: /Ada Lovelace/ }));
    const orderNow = screen.getByRole('button', { name: 'Order Now' });
    // Busy (aria-disabled, keeping the keyboard focus), and a press meanwhile sends nothing.
    await waitFor(() => expect(orderNow).toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(orderNow);
    expect(sent(fetch, 'POST /api/orders')).toHaveLength(0);
    answer();
    await totalIs('$203.40');
    await waitFor(() => expect(orderNow).not.toHaveAttribute('aria-disabled'));
    await userEvent.click(orderNow);
    expect(await screen.findByText('Success page')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/orders')[0]).toMatchObject({ expectedTotal: 203.4 });
  });

  it("shows the server's 409 message and stays", async () => {
    stubFetch({
      ...quoteRoute,
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
    const fetch = stubFetch({ ...quoteRoute, 'PATCH /api/users/7': ({ body }) => jsonResponse({ ...user, ...(body as object) }) });
    render({ ...user, addresses: [] });
    const other = { ...address, name: 'Grace Hopper' };
    await fillAddress(other);
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByRole('radio', { name: /Grace Hopper/ })).toBeChecked();
    expect(sent(fetch, 'PATCH /api/users/7')[0]).toEqual({ id: 7, addresses: [{ ...other, state: 'ON' }] });
    expect(screen.getByLabelText('Full Name')).toHaveValue('');
    expect(await screen.findByText('Address saved')).toBeInTheDocument();
  });

  it('an address whose state needs review cannot be chosen until its state is; corrected, it is saved and chosen', async () => {
    const flagged = { ...address, name: 'Grace Hopper', state: 'Ontari', needsReview: true };
    const fetch = stubFetch({ ...quoteRoute, 'PATCH /api/users/7': ({ body }) => jsonResponse({ ...user, ...(body as object) }) });
    render({ ...user, addresses: [address, flagged] });
    const radio = screen.getByRole('radio', { name: /Grace Hopper/ });
    expect(radio).toBeDisabled();
    expect(radio).toHaveAccessibleDescription(/Please choose its state/);
    await userEvent.click(screen.getByRole('button', { name: 'Choose the state of Grace Hopper’s address' }));
    const form = screen.getByRole('heading', { name: 'Please choose its state' }).closest('form')!;
    const state = within(form).getByLabelText('State / Province');
    expect(state).toHaveValue('');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Address' }));
    expect(await within(form).findByText('State is Required')).toBeInTheDocument();
    await userEvent.selectOptions(state, 'Ontario');
    await userEvent.click(within(form).getByRole('button', { name: 'Save Address' }));
    await waitFor(() => expect(sent(fetch, 'PATCH /api/users/7')).toHaveLength(1));
    const { needsReview: _review, ...fields } = flagged;
    void _review;
    expect(sent(fetch, 'PATCH /api/users/7')[0]).toEqual({ id: 7, addresses: [address, { ...fields, state: 'ON' }] });
    expect(await screen.findByRole('radio', { name: /Grace Hopper/ })).toBeChecked();
  });

  it('says when the order was taken but not yet saved (503), without claiming it failed', async () => {
    const taken = 'Order #13 was received but could not be saved to disk yet. Check My Orders before ordering again.';
    stubFetch({
      ...quoteRoute,
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
      ...quoteRoute,
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
    const keys = fetch.mock.calls.filter(([input]) => String(input).endsWith('/api/orders')).map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
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
      ...quoteRoute,
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
      .filter(([input, init]) => init?.method === 'POST' && String(input).endsWith('/api/orders'))
      .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('a cart that failed to load shows the error and a retry, not a redirect', async () => {
    const fetch = stubFetch({ ...quoteRoute, 'GET /api/cart': () => jsonResponse([cartItem({ quantity: 2 })]) });
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

  it('quotes the cart: the breakdown, the methods of the chosen address (cheapest preselected), and a new total for Express', async () => {
    const fetch = stubFetch(quoteRoute);
    render();
    // Before an address is chosen: the goods only, no shipping, tax or total.
    expect(await screen.findByText('Choose a shipping address to see shipping, tax and the total.')).toBeInTheDocument();
    expect(within(breakdown()).getByText('Subtotal')).toBeInTheDocument();
    expect(within(breakdown()).queryByText('Total')).not.toBeInTheDocument();
    expect(within(breakdown()).queryByText(/^Tax/)).not.toBeInTheDocument();
    expect(screen.getByText('Choose an address to see the shipping methods for its country.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Ada Lovelace/ }));
    await totalIs('$203.40');
    const standard = await screen.findByRole('radio', { name: /Standard/ });
    expect(standard).toBeChecked();
    expect(standard).toHaveAccessibleName(/3–7 business days.*Arrives Thu, Dec 3 – Fri, Dec 11.*Free/);
    const express = screen.getByRole('radio', { name: /Express/ });
    expect(express).toHaveAccessibleName(/1–2 business days.*Arrives Tue, Dec 1 – Wed, Dec 2.*\$25\.00/);
    await userEvent.click(express);
    await totalIs('$231.65');
    expect(express).toBeChecked();
    expect(within(breakdown()).getByText('Shipping (Express)')).toBeInTheDocument();
    expect(within(breakdown()).getByText('Tax (13%)')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/checkout/quote')).toEqual([{}, { address: 0 }, { address: 0, shippingMethod: 6 }]);
  });

  it('ignores a quote answered after a newer one', async () => {
    let release: (() => void) | undefined;
    stubFetch({
      'POST /api/checkout/quote': ({ body }) => {
        const answer = jsonResponse(quoteFor(body as QuoteRequest));
        // The first question is answered last.
        if (!(body as QuoteRequest).shippingMethod && release === undefined)
          return new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(quoteFor({ shippingMethod: 5 })))));
        return answer;
      },
    });
    render();
    await userEvent.click(screen.getByRole('radio', { name: /Ada Lovelace/ }));
    await userEvent.click(await screen.findByRole('radio', { name: /Express/ }));
    await totalIs('$231.65');
    release?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(breakdown()).getByText('Total').nextSibling).toHaveTextContent('$231.65');
  });

  it('Apply adds a code: a rejected one shows its reason and is dropped, an applied one is a chip that can be removed', async () => {
    const fetch = stubFetch(quoteRoute);
    render();
    await userEvent.click(screen.getByRole('radio', { name: /Ada Lovelace/ }));
    await totalIs('$203.40');
    await userEvent.type(screen.getByLabelText('Promo code'), 'BOGUS');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('BOGUS: This code does not exist')).toBeInTheDocument();
    expect(screen.getByLabelText('Promo code')).toHaveAccessibleDescription('BOGUS: This code does not exist');
    expect(screen.queryByRole('button', { name: 'Remove code BOGUS' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Promo code'), 'save10{Enter}');
    expect(await screen.findByRole('button', { name: 'Remove code save10' })).toBeInTheDocument();
    await totalIs('$192.10');
    expect(within(breakdown()).getByText('Ten dollars off')).toBeInTheDocument();
    expect(screen.queryByText(/BOGUS/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove code save10' }));
    await totalIs('$203.40');
    const asked = sent(fetch, 'POST /api/checkout/quote') as QuoteRequest[];
    expect(asked.map((r) => r.codes)).toEqual([undefined, undefined, ['BOGUS'], undefined, ['save10'], undefined]);
  });

  it('sends the codes and the chosen method with the order', async () => {
    const fetch = stubFetch({ ...quoteRoute, 'POST /api/orders': () => jsonResponse(order({ id: 80 }), 201) });
    render();
    await userEvent.click(screen.getByRole('radio', { name: /Ada Lovelace/ }));
    await userEvent.click(await screen.findByRole('radio', { name: /Express/ }));
    await userEvent.type(screen.getByLabelText('Promo code'), 'SAVE10{Enter}');
    await totalIs('$220.35');
    await userEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    expect(await screen.findByText('Success page')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/orders')[0]).toMatchObject({ shippingMethod: 6, codes: ['SAVE10'], totalAmount: 220.35, paymentMethod: 'cash' });
    expect(sent(fetch, 'POST /api/orders')[0]).not.toHaveProperty('card');
  });

  it('a shipping method removed while the page was open: the reason, the cheapest method quoted again, then the order goes', async () => {
    const gone = 'Shipping method 6 is not offered for Canada: Standard';
    const fetch = stubFetch({
      ...quoteRoute,
      'POST /api/orders': ({ body }) =>
        (body as { shippingMethod?: number }).shippingMethod === 6
          ? jsonResponse({ message: 'Invalid shipping method', errors: { shippingMethod: gone } }, 400)
          : jsonResponse(order({ id: 81 }), 201),
    });
    render();
    await userEvent.click(screen.getByRole('radio', { name: /Ada Lovelace/ }));
    await userEvent.click(await screen.findByRole('radio', { name: /Express/ }));
    await totalIs('$231.65');
    await userEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    expect(await screen.findByText(gone)).toBeInTheDocument();
    await totalIs('$203.40');
    expect(screen.getByRole('radio', { name: /Standard/ })).toBeChecked();
    expect((sent(fetch, 'POST /api/checkout/quote') as QuoteRequest[]).at(-1)).toEqual({ address: 0 });
    await userEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    expect(await screen.findByText('Success page')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/orders')[1]).not.toHaveProperty('shippingMethod');
  });

  it('a quote that fails shows why and a retry', async () => {
    let fail = true;
    stubFetch({
      'POST /api/checkout/quote': ({ body }) =>
        fail ? jsonResponse({ message: 'The shop is busy' }, 503) : jsonResponse(quoteFor(body as QuoteRequest)),
    });
    render();
    await userEvent.click(screen.getByRole('radio', { name: /Ada Lovelace/ }));
    expect(await screen.findByText('The totals could not be calculated')).toBeInTheDocument();
    expect(screen.getByText('The shop is busy')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await totalIs('$203.40');
    expect(screen.queryByText('The totals could not be calculated')).not.toBeInTheDocument();
  });

  it('a shopper who is not a member sees what membership would save; a member does not', async () => {
    stubFetch({ 'POST /api/checkout/quote': () => jsonResponse(quoteFor({}, 36)) });
    const { unmount } = render();
    expect(await screen.findByText(/Members save \$36\.00 on this order/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply for Membership' })).toHaveAttribute('href', '/profile');
    unmount();
    render({ ...saved, member: true });
    await userEvent.click(screen.getByRole('radio', { name: /Ada Lovelace/ }));
    await totalIs('$203.40');
    expect(screen.queryByText(/Members save/)).not.toBeInTheDocument();
  });

  it('Card Payment opens the card form, checked before anything is sent', async () => {
    const fetch = stubFetch(quoteRoute);
    render();
    await userEvent.click(screen.getByRole('radio', { name: /Ada Lovelace/ }));
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Card Payment' }));
    const number = screen.getByLabelText('Card number');
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText('Expiry month')).toHaveAttribute('autocomplete', 'cc-exp-month');
    expect(screen.getByLabelText('Expiry year')).toHaveAttribute('autocomplete', 'cc-exp-year');
    expect(screen.getByLabelText('Security code')).toHaveAttribute('autocomplete', 'cc-csc');
    await userEvent.type(number, '4242 4242 4242 4241');
    await userEvent.type(screen.getByLabelText('Expiry month'), '13');
    await userEvent.type(screen.getByLabelText('Expiry year'), '30');
    await userEvent.type(screen.getByLabelText('Security code'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    expect(await screen.findByText('Card number is not valid')).toBeInTheDocument();
    expect(number).toHaveAccessibleDescription('Card number is not valid');
    expect(screen.getByText('Expiry month must be 1 to 12')).toBeInTheDocument();
    expect(screen.getByText('Security code must be 3 digits')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/orders')).toHaveLength(0);
  });

  it('pays by card: the card goes to the request only, never to the store', async () => {
    const fetch = stubFetch({ ...quoteRoute, 'POST /api/orders': () => jsonResponse(order({ id: 81, paymentMethod: 'card' }), 201) });
    const { store } = render();
    const states: string[] = [];
    store.subscribe(() => states.push(JSON.stringify(store.getState())));
    await userEvent.click(screen.getByRole('radio', { name: /Ada Lovelace/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'Card Payment' }));
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Expiry month'), '12');
    await userEvent.type(screen.getByLabelText('Expiry year'), '2099');
    await userEvent.type(screen.getByLabelText('Security code'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    expect(await screen.findByText('Success page')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/orders')[0]).toMatchObject({
      paymentMethod: 'card',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
    });
    expect(states.length).toBeGreaterThan(0);
    expect(states.some((state) => state.includes('4242424242424242') || state.includes('4242 4242'))).toBe(false);
  });

  it('a declined card (402) shows the message at the card form, places nothing and keeps what was typed', async () => {
    const declined = 'Your card was declined. No order was placed; try another card or pay cash.';
    stubFetch({ ...quoteRoute, 'POST /api/orders': () => jsonResponse({ message: declined }, 402) });
    render();
    await userEvent.click(screen.getByRole('radio', { name: /Ada Lovelace/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'Card Payment' }));
    await userEvent.type(screen.getByLabelText('Card number'), '4000 0000 0000 0002');
    await userEvent.type(screen.getByLabelText('Expiry month'), '12');
    await userEvent.type(screen.getByLabelText('Expiry year'), '2099');
    await userEvent.type(screen.getByLabelText('Security code'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    const message = await screen.findByText(declined);
    expect(within(screen.getByRole('group', { name: 'Card details' })).getByText(declined)).toBe(message);
    expect(screen.queryByText('Success page')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
    expect(screen.getByRole('radio', { name: /Ada Lovelace/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Card Payment' })).toBeChecked();
  });

  it('a code used up meanwhile (409) shows the message and quotes again', async () => {
    const fetch = stubFetch({
      ...quoteRoute,
      'POST /api/orders': () => jsonResponse({ message: 'The code SAVE10 has been used up' }, 409),
      'GET /api/cart': () => jsonResponse([cartItem({ quantity: 2 })]),
    });
    render();
    await userEvent.click(screen.getByRole('radio', { name: /Ada Lovelace/ }));
    await userEvent.type(screen.getByLabelText('Promo code'), 'SAVE10{Enter}');
    await totalIs('$192.10');
    const before = sent(fetch, 'POST /api/checkout/quote').length;
    await userEvent.click(screen.getByRole('button', { name: 'Order Now' }));
    expect((await screen.findAllByText(/The code SAVE10 has been used up/)).length).toBeGreaterThan(0);
    await waitFor(() => expect(sent(fetch, 'POST /api/checkout/quote').length).toBeGreaterThan(before));
    expect(screen.queryByText('Success page')).not.toBeInTheDocument();
  });
});
