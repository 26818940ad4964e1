import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { address, calls, cartItem, jsonResponse, landing, product, renderWithProviders, session, stubFetch, user } from '../../../test/utils';
import { initialState, type CartState } from '../cartSlice';
import CartPage from './CartPage';

afterEach(() => vi.unstubAllGlobals());

const phone = cartItem({ id: 1, product: product({ id: 10, title: 'Phone', price: 100, discountPercentage: 10, stock: 3 }), quantity: 2 });
const lamp = cartItem({ id: 2, product: product({ id: 20, title: 'Lamp', brand: 'Glow', price: 50, discountPercentage: 0, stock: 40 }), quantity: 1 });

const render = (cart: Partial<CartState>, account = user) =>
  renderWithProviders(<CartPage />, {
    route: '/cart',
    path: '/cart',
    preloadedState: { ...session(account), cart: { ...initialState, status: 'idle', cartLoaded: true, ...cart } },
    routes: [landing('/')],
  });

const standard = { id: 5, name: 'Standard', country: 'Canada', amount: 8, freeOver: 100, estimate: { minDays: 3, maxDays: 7 } };
const express = { id: 6, name: 'Express', country: 'Canada', amount: 25, freeOver: null, estimate: { minDays: 1, maxDays: 2 } };

describe('CartPage', () => {
  it('shows lines, subtotal of discounted prices and the item count', () => {
    render({ items: [phone, lamp] });
    expect(screen.getByRole('heading', { name: 'Cart' })).toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$230');
    expect(screen.getByTestId('cart-total-items')).toHaveTextContent('3 items');
    expect(screen.getByText('Glow')).toBeInTheDocument();
    expect(screen.getByText('Shipping and taxes calculated at checkout.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByRole('link', { name: /Continue Shopping/ })).toHaveAttribute('href', '/');
  });

  it('offers 1 to min(6, stock) as quantities', () => {
    render({ items: [phone, lamp] });
    const options = (label: string) =>
      within(screen.getByLabelText(label)).getAllByRole('option').map((o) => o.textContent);
    expect(options('Qty of Phone')).toEqual(['1', '2', '3']);
    expect(options('Qty of Lamp')).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('never offers more than the stock, keeping a quantity above it shown but not choosable', () => {
    const short = cartItem({ id: 3, product: product({ id: 30, title: 'Kettle', stock: 2 }), quantity: 5 });
    render({ items: [short] });
    const select = screen.getByLabelText('Qty of Kettle');
    expect(select).toHaveValue('5');
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.textContent, o.disabled])).toEqual([
      ['1', false],
      ['2', false],
      ['5', true],
    ]);
  });

  it("names each line's variant (its choice, its price, its stock); two variants of a product are two lines", () => {
    const options = [
      { name: 'Size', values: ['42', '44'] },
      { name: 'Colour', values: ['Black'] },
    ];
    const boots = { ...product({ id: 40, title: 'Boots', price: 100, discountPercentage: 10, stock: 9 }), options };
    const size = (id: number, value: string, stock: number, price: number, salePrice: number) => ({
      id,
      sku: `B-${value}`,
      // The answer's key order is not the product's: the label follows the product's options.
      options: { Colour: 'Black', Size: value },
      price,
      discountPercentage: 10,
      salePrice,
      stock,
    });
    render({
      items: [
        cartItem({ id: 4, product: boots, quantity: 1, variant: size(401, '42', 8, 100, 90) }),
        cartItem({ id: 5, product: boots, quantity: 1, variant: size(402, '44', 2, 120, 108) }),
      ],
    });
    expect(screen.getByText('Size 42 / Colour Black')).toBeInTheDocument();
    expect(screen.getByText('Size 44 / Colour Black')).toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$198');
    const quantities = (label: string) => within(screen.getByLabelText(label)).getAllByRole('option').map((o) => o.textContent);
    expect(quantities('Qty of Boots (Size 42 / Colour Black)')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(quantities('Qty of Boots (Size 44 / Colour Black)')).toEqual(['1', '2']);
    expect(screen.getByRole('button', { name: 'Remove Boots (Size 44 / Colour Black)' })).toBeInTheDocument();
    expect(screen.getByText('$108')).toBeInTheDocument();
  });

  it('changes a quantity and removes a line through the API', async () => {
    const fetch = stubFetch({
      'PATCH /api/cart/2': () => jsonResponse({ ...lamp, quantity: 4 }),
      'DELETE /api/cart/10': () => jsonResponse(undefined, 204),
    });
    render({ items: [phone, lamp] });
    await userEvent.selectOptions(screen.getByLabelText('Qty of Lamp'), '4');
    expect(await screen.findByTestId('cart-subtotal')).toHaveTextContent('$380');
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ id: 2, quantity: 4 });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Phone' }));
    expect(await screen.findByTestId('cart-total-items')).toHaveTextContent('4 items');
    expect(screen.queryByText('Phone')).not.toBeInTheDocument();
  });

  it('alerts when a change fails and keeps the stored quantity', async () => {
    stubFetch({ 'PATCH /api/cart/2': () => jsonResponse({ message: 'Only 3 left in stock' }, 409) });
    render({ items: [lamp] });
    await userEvent.selectOptions(screen.getByLabelText('Qty of Lamp'), '5');
    expect(await screen.findByText('Could not change the quantity: Only 3 left in stock')).toBeInTheDocument();
    expect(screen.getByLabelText('Qty of Lamp')).toHaveValue('1');
  });

  it('a line removed meanwhile (another tab): the change says so and the cart shows what the server holds', async () => {
    const fetch = stubFetch({
      'PATCH /api/cart/2': () => jsonResponse({ message: 'Cart item not found' }, 404),
      'GET /api/cart': () => jsonResponse([phone]),
    });
    render({ items: [phone, lamp] });
    await userEvent.selectOptions(screen.getByLabelText('Qty of Lamp'), '4');
    expect(await screen.findByText('Could not change the quantity: Cart item not found')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Lamp')).not.toBeInTheDocument());
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$180');
    expect(calls(fetch)).toEqual(['PATCH /api/cart/2', 'GET /api/cart']);
  });

  it('an empty cart redirects to /', () => {
    render({ items: [] });
    expect(screen.getByText('Landed on /')).toBeInTheDocument();
  });

  it('shows a loader until the cart has been loaded', () => {
    render({ cartLoaded: false });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your cart…');
  });

  it('a failed load shows the error with a retry instead of redirecting', async () => {
    stubFetch({ 'GET /api/cart': () => jsonResponse([lamp]) });
    render({ items: [], error: 'Server down' });
    expect(screen.getByRole('alert')).toHaveTextContent('Server down');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Lamp' })).toBeInTheDocument();
  });

  const quote = (charges: [number, number]) => ({
    lines: [],
    promotions: [],
    rejected: [],
    shippingMethods: [
      { ...standard, charge: charges[0] },
      { ...express, charge: charges[1] },
    ],
  });

  it("says prices are before tax and what shipping to the first saved address costs this cart, as the server quotes it", async () => {
    const fetch = stubFetch({ 'POST /api/checkout/quote': () => jsonResponse(quote([8, 25])) });
    render({ items: [lamp] }, { ...user, addresses: [address, { ...address, country: 'India' }] });
    expect(screen.getByText('Shipping and taxes calculated at checkout.')).toBeInTheDocument();
    expect(screen.getByText('Prices are before tax.')).toBeInTheDocument();
    expect(await screen.findByText('Shipping from $8.00 · Free shipping over $100.00 to Canada')).toBeInTheDocument();
    expect(calls(fetch)).toEqual(['POST /api/checkout/quote']);
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ address: 0 });
  });

  it('a cart that reaches the cheapest method\'s threshold ships free; without a saved address there is no estimate; a failure says checkout prices it', async () => {
    stubFetch({ 'POST /api/checkout/quote': () => jsonResponse(quote([0, 25])) });
    const { unmount } = render({ items: [lamp] }, { ...user, addresses: [address] });
    expect(await screen.findByText('Free shipping to Canada')).toBeInTheDocument();
    unmount();
    stubFetch({ 'POST /api/checkout/quote': () => jsonResponse({ message: 'Choose a state of Canada' }, 400) });
    const second = render({ items: [lamp] }, { ...user, addresses: [address] });
    expect(await screen.findByText('Shipping is priced at checkout')).toBeInTheDocument();
    second.unmount();
    const fetch = stubFetch({});
    render({ items: [lamp] });
    expect(screen.queryByTestId('shipping-estimate')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers the minimum order quantity to 6 and says the minimum under the selector', () => {
    const mascara = cartItem({ id: 6, product: product({ id: 60, title: 'Mascara', stock: 50, minimumOrderQuantity: 2 }), quantity: 2 });
    render({ items: [mascara, lamp] });
    const select = screen.getByLabelText('Qty of Mascara');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['2', '3', '4', '5', '6']);
    expect(select).toHaveAccessibleDescription('Minimum order quantity 2');
    expect(screen.getAllByText(/Minimum order quantity/)).toHaveLength(1);
  });

  it('a line below its minimum (added before the rule) keeps its quantity shown but not choosable', () => {
    const mascara = cartItem({ id: 6, product: product({ id: 60, title: 'Mascara', stock: 50, minimumOrderQuantity: 3 }), quantity: 1 });
    render({ items: [mascara] });
    const select = screen.getByLabelText('Qty of Mascara');
    expect(select).toHaveValue('1');
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.textContent, o.disabled])).toEqual([
      ['1', true],
      ['3', false],
      ['4', false],
      ['5', false],
      ['6', false],
    ]);
  });
});
