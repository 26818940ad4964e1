// The heart: a toggle button (on product cards and the product page), saving the product to the
// wishlist (POST) and removing it (DELETE), its name and aria-pressed following; failures said in
// an alert. That the home page's cards carry it: src/app/pages/HomePage.test.tsx.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, jsonResponse, product, renderWithProviders, sent, session, stubFetch, user } from '../../../test/utils';
import { WISHLIST_FULL } from '../../../domain/constants';
import { resetWishlist, type WishlistItem } from '../wishlistStore';
import WishlistHeart from './WishlistHeart';

// A worker's test files share modules: another file's pages may have loaded a list for the same user.
beforeEach(resetWishlist);
afterEach(() => {
  vi.unstubAllGlobals();
  resetWishlist();
});

const phone = product({ id: 3, title: 'Novaphone Zen 8' });
const summary = { title: phone.title, thumbnail: phone.thumbnail, brand: phone.brand, price: 90, stock: 10, soldOut: false, hasOptions: false, deleted: false, minimumOrderQuantity: 1 };
const saved = (id: number, productId = 3): WishlistItem => ({ id, product: { ...summary, id: productId }, variant: null, createdAt: '2026-11-26T00:00:00.000Z' });

const render = () => renderWithProviders(<WishlistHeart product={phone} />, { preloadedState: session(user) });

describe('WishlistHeart', () => {
  it('saves the product with POST, then removes it with DELETE; name and aria-pressed follow', async () => {
    const fetch = stubFetch({
      'GET /api/wishlist': () => jsonResponse([saved(8, 5)]),
      'POST /api/wishlist': () => jsonResponse(saved(9), 201),
      'DELETE /api/wishlist/9': () => new Response(null, { status: 204 }),
    });
    render();
    const heart = await screen.findByRole('button', { name: 'Save Novaphone Zen 8 to wishlist' });
    await waitFor(() => expect(heart).toBeEnabled());
    expect(heart).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(heart);
    const pressed = await screen.findByRole('button', { name: 'Remove Novaphone Zen 8 from wishlist' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(sent(fetch, 'POST /api/wishlist')).toEqual([{ product: 3, variant: null }]);
    expect(await screen.findByText('Saved to your wishlist')).toBeInTheDocument();

    await userEvent.click(pressed);
    expect(await screen.findByRole('button', { name: 'Save Novaphone Zen 8 to wishlist' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls(fetch)).toContain('DELETE /api/wishlist/9');
    expect(await screen.findByText('Removed from your wishlist')).toBeInTheDocument();
  });

  it('shows a saved product pressed, and is operable by keyboard', async () => {
    stubFetch({
      'GET /api/wishlist': () => jsonResponse([saved(4)]),
      'DELETE /api/wishlist/4': () => new Response(null, { status: 204 }),
    });
    render();
    const heart = await screen.findByRole('button', { name: 'Remove Novaphone Zen 8 from wishlist', pressed: true });
    await userEvent.tab();
    expect(heart).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Save Novaphone Zen 8 to wishlist', pressed: false })).toBeInTheDocument();
  });

  it('says why a save failed and stays unpressed', async () => {
    stubFetch({
      'GET /api/wishlist': () => jsonResponse([]),
      'POST /api/wishlist': () => jsonResponse({ message: 'Not signed in' }, 401),
    });
    render();
    const heart = await screen.findByRole('button', { name: 'Save Novaphone Zen 8 to wishlist' });
    await waitFor(() => expect(heart).toBeEnabled());
    await userEvent.click(heart);
    expect(await screen.findByText('Could not save it to your wishlist: Not signed in')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Novaphone Zen 8 to wishlist' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says when the wishlist is full, and stays unpressed without reading the list again', async () => {
    const fetch = stubFetch({
      'GET /api/wishlist': () => jsonResponse([]),
      'POST /api/wishlist': () => jsonResponse({ message: WISHLIST_FULL }, 409),
    });
    render();
    const heart = await screen.findByRole('button', { name: 'Save Novaphone Zen 8 to wishlist' });
    await waitFor(() => expect(heart).toBeEnabled());
    await userEvent.click(heart);
    expect(await screen.findByText(`Could not save it to your wishlist: ${WISHLIST_FULL}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Novaphone Zen 8 to wishlist' })).toHaveAttribute('aria-pressed', 'false');
    expect(calls(fetch).filter((c) => c.startsWith('GET'))).toHaveLength(1);
  });
});
