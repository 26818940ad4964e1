// "Notify me when back in stock" on the product page: shown for a sold-out choice only;
// asking (POST /stock-alerts) says "We'll email you when it's back" and offers cancelling (DELETE).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProductDetailPage from './ProductDetailPage';
import { resetWishlist } from '../../features/wishlist/wishlistStore';
import type { Variant } from '../../domain/variants';
import { calls, jsonResponse, product, renderWithProviders, sent, session, stubFetch, user } from '../../test/utils';
import { initialState as cart } from '../../features/cart/cartSlice';

afterEach(() => {
  vi.unstubAllGlobals();
  resetWishlist();
});

const variant = (id: number, size: string, stock: number): Variant => ({ id, sku: `B-${size}`, options: { Size: size }, price: null, discountPercentage: null, stock });
const boots = product({ title: 'Chelsea Boots', stock: 3, ...{ options: [{ name: 'Size', values: ['42', '43'] }], variants: [variant(11, '42', 3), variant(12, '43', 0)] } });

const render = (route: string) =>
  renderWithProviders(<ProductDetailPage />, {
    route,
    path: '/products/:id',
    preloadedState: { ...session(user), cart: { ...cart, cartLoaded: true, status: 'idle' } },
  });

describe('NotifyMe', () => {
  it('asks for a mail when the sold-out size is back, then offers cancelling', async () => {
    const fetch = stubFetch({
      'GET /api/products/1': () => jsonResponse(boots),
      'GET /api/wishlist': () => jsonResponse([]),
      'GET /api/stock-alerts': () => jsonResponse([]),
      'POST /api/stock-alerts': () => jsonResponse({ id: 5, product: 1, variant: 12, createdAt: '2026-11-26T00:00:00.000Z' }, 201),
      'DELETE /api/stock-alerts/5': () => new Response(null, { status: 204 }),
    });
    render('/products/1?variant=12');
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me when back in stock' }));
    expect(await screen.findByText('We’ll email you when it’s back.')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/stock-alerts')).toEqual([{ product: 1, variant: 12 }]);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel alert' }));
    expect(await screen.findByText('Alert cancelled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notify me when back in stock' })).toBeInTheDocument();
    expect(calls(fetch)).toContain('DELETE /api/stock-alerts/5');
  });

  it('knows an alert asked for before, and says why a request failed', async () => {
    stubFetch({
      'GET /api/products/1': () => jsonResponse(boots),
      'GET /api/wishlist': () => jsonResponse([]),
      'GET /api/stock-alerts': () => jsonResponse([{ id: 5, product: 1, variant: 12, createdAt: '2026-11-26T00:00:00.000Z' }]),
      'DELETE /api/stock-alerts/5': () => jsonResponse({ message: 'Stock alert not found' }, 404),
    });
    render('/products/1?variant=12');
    expect(await screen.findByText('We’ll email you when it’s back.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel alert' }));
    expect(await screen.findByText('Could not cancel the alert: Stock alert not found')).toBeInTheDocument();
  });

  it('is not offered for a size in stock; the heart saves the chosen size', async () => {
    const fetch = stubFetch({
      'GET /api/products/1': () => jsonResponse(boots),
      'GET /api/wishlist': () => jsonResponse([]),
      'POST /api/wishlist': () =>
        jsonResponse(
          {
            id: 9,
            product: { id: boots.id, title: boots.title, thumbnail: boots.thumbnail, brand: boots.brand, price: 90, stock: 3, soldOut: false, hasOptions: true, deleted: false, minimumOrderQuantity: 1 },
            variant: { id: 11, sku: 'B-42', options: [{ name: 'Size', value: '42' }] },
            createdAt: '',
          },
          201,
        ),
    });
    render('/products/1?variant=11');
    const heart = await screen.findByRole('button', { name: 'Save Chelsea Boots (Size 42) to wishlist' });
    expect(screen.queryByRole('button', { name: 'Notify me when back in stock' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(heart).toBeEnabled());
    await userEvent.click(heart);
    expect(await screen.findByRole('button', { name: 'Remove Chelsea Boots (Size 42) from wishlist', pressed: true })).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/wishlist')).toEqual([{ product: 1, variant: 11 }]);
  });
});
