import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, cartItem, jsonResponse, product, renderWithProviders, sent, stubFetch } from '../../test/utils';
import { initialState as cart } from '../../features/cart/cartSlice';
import ProductDetailPage from './ProductDetailPage';

afterEach(() => vi.unstubAllGlobals());

const render = (items = [] as ReturnType<typeof cartItem>[]) =>
  renderWithProviders(<ProductDetailPage />, {
    route: '/products/1',
    path: '/products/:id',
    preloadedState: { cart: { ...cart, items, cartLoaded: true, status: 'idle' } },
  });

describe('ProductDetailPage', () => {
  it('shows the product title, images, details and reviews; one without options has no pickers', async () => {
    stubFetch({ 'GET /api/products/1': () => jsonResponse(product()) });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Novaphone Zen 8' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Novaphone Zen 8, image 1 of 3' })).toBeInTheDocument();
    expect(screen.getByText('0.2 kg')).toBeInTheDocument();
    expect(screen.getByText('Grace')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('a product answer with its single variant (no options) still has no pickers and adds the old way', async () => {
    const single = { ...product(), options: [], variants: [{ id: 7, sku: 'SKU-1', options: {}, price: null, discountPercentage: null, stock: 10 }] };
    const fetch = stubFetch({
      'GET /api/products/1': () => jsonResponse(single),
      'POST /api/cart': () => jsonResponse(cartItem(), 201),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item added to Cart !')).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(sent(fetch, 'POST /api/cart')).toEqual([{ product: 1, quantity: 1 }]);
  });

  it("adds to the cart with 'Item added to Cart !'", async () => {
    const fetch = stubFetch({
      'GET /api/products/1': () => jsonResponse(product()),
      'POST /api/cart': () => jsonResponse(cartItem(), 201),
    });
    const { store } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item added to Cart !')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/cart')).toEqual([{ product: 1, quantity: 1 }]);
    expect(store.getState().cart.items).toHaveLength(1);
  });

  it("says 'Item Already added !' without a call when it is in the cart", async () => {
    const fetch = stubFetch({ 'GET /api/products/1': () => jsonResponse(product()) });
    render([cartItem()]);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item Already added !')).toBeInTheDocument();
    expect(calls(fetch)).not.toContain('POST /api/cart');
  });

  it("says 'Item Already added !' when the server finds it in the cart (added in another tab), and reloads the cart", async () => {
    const line = cartItem();
    const fetch = stubFetch({
      'GET /api/products/1': () => jsonResponse(product()),
      'POST /api/cart': () => jsonResponse({ message: `"${product().title}" is already in the cart` }, 409),
      'GET /api/cart': () => jsonResponse([line]),
    });
    const { store } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item Already added !')).toBeInTheDocument();
    expect(screen.queryByText(/Could not add to cart/)).not.toBeInTheDocument();
    await vi.waitFor(() => expect(store.getState().cart.items).toEqual([line]));
    expect(calls(fetch)).toContain('GET /api/cart');
  });

  it('waits for the cart before Add to Cart can be used', async () => {
    stubFetch({ 'GET /api/products/1': () => jsonResponse(product()) });
    renderWithProviders(<ProductDetailPage />, {
      route: '/products/1',
      path: '/products/:id',
      preloadedState: { cart: { ...cart, items: [], cartLoaded: false } },
    });
    expect(await screen.findByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('never claims success when the call fails', async () => {
    stubFetch({
      'GET /api/products/1': () => jsonResponse(product()),
      'POST /api/cart': () => jsonResponse({ message: 'Only 0 left in stock' }, 409),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Could not add to cart: Only 0 left in stock')).toBeInTheDocument();
    expect(screen.queryByText('Item added to Cart !')).not.toBeInTheDocument();
  });

  it('explains why a deleted or out-of-stock product cannot be added', async () => {
    stubFetch({ 'GET /api/products/1': () => jsonResponse(product({ deleted: true })) });
    render();
    const button = await screen.findByRole('button', { name: 'Add to Cart' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/removed from the shop/);
    expect(screen.getByText('Product Deletd')).toBeInTheDocument();
  });

  it('out of stock', async () => {
    stubFetch({ 'GET /api/products/1': () => jsonResponse(product({ stock: 0 })) });
    render();
    const button = await screen.findByRole('button', { name: 'Add to Cart' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/Out of stock/);
  });

  it("an unknown product says 'Product not found' with a link home, and offers no retry", async () => {
    stubFetch({ 'GET /api/products/1': () => jsonResponse({ message: 'Not found' }, 404) });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all products' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(document.title).toBe('Product not found | Best Buy Shop'));
  });

  it('shows an error with a retry when the product cannot be loaded (the server or the network failed)', async () => {
    let fail = true;
    stubFetch({ 'GET /api/products/1': () => (fail ? jsonResponse({ message: 'Server down' }, 503) : jsonResponse(product())) });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down');
    expect(screen.queryByRole('heading', { name: 'Product not found' })).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: product().title })).toBeInTheDocument();
  });
});
