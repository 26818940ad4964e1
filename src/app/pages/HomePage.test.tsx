// The home page hands the wishlist's heart to the product cards (the products feature does not
// import the wishlist); the back office's list, which hands none, has no hearts.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AdminHomeScreen from '../../features/products/admin/AdminHomeScreen';
import { resetWishlist } from '../../features/wishlist/wishlistStore';
import { stubCatalogue } from '../../test/catalogue';
import { admin, jsonResponse, product, renderWithProviders, session, user } from '../../test/utils';
import HomePage from './HomePage';

// A worker's test files share modules: another file's pages may have loaded a list for the same user.
beforeEach(resetWishlist);
afterEach(() => {
  vi.unstubAllGlobals();
  resetWishlist();
});

describe('HomePage', () => {
  it('puts a heart beside each card’s link, pressed for what the wishlist holds', async () => {
    const saved = { id: 4, product: { ...product({ id: 1, title: 'Zen Phone' }), salePrice: 100 }, variant: null, createdAt: '2026-11-26T00:00:00.000Z' };
    stubCatalogue({ more: { 'GET /api/wishlist': () => jsonResponse([saved]) } });
    renderWithProviders(<HomePage />, { preloadedState: session(user) });

    const heart = await screen.findByRole('button', { name: 'Remove Zen Phone from wishlist', pressed: true });
    expect(screen.getByRole('button', { name: 'Save Old Phone to wishlist', pressed: false })).toBeInTheDocument();
    const card = screen.getByRole('link', { name: /^Zen Phone/ });
    expect(card).not.toContainElement(heart);
    expect(within(card.closest('li')!).getByRole('button', { name: /wishlist/ })).toBe(heart);
  });

  it('has no heart on the back office’s cards', async () => {
    stubCatalogue();
    renderWithProviders(<AdminHomeScreen />, { preloadedState: session(admin), route: '/admin' });

    expect(await screen.findByText('Zen Phone')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /wishlist/ })).not.toBeInTheDocument();
  });
});
