// useWishlist: what a heart sees while the list loads, and when it re-renders for it.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../test/utils';
import { resetWishlist, useWishlist, type WishlistItem } from './wishlistStore';

beforeEach(resetWishlist);
afterEach(() => {
  vi.unstubAllGlobals();
  resetWishlist();
});

const item = { id: 4, product: { id: 3 }, variant: null } as unknown as WishlistItem;

let renders = 0;
function Probe({ owner }: { owner: number }) {
  const { items, error } = useWishlist(owner);
  renders += 1;
  return <p>{error ?? (items ? `${items.length} saved` : 'loading')}</p>;
}

describe('useWishlist', () => {
  it('re-renders its heart when the list comes, not when its loading starts', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch({ 'GET /api/wishlist': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renders = 0;
    render(<Probe owner={7} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    // Rendered once; its effect has asked for the list since.
    expect(renders).toBe(1);

    await act(async () => answer(jsonResponse([item])));
    expect(await screen.findByText('1 saved')).toBeInTheDocument();
    expect(renders).toBe(2);
  });

  it('shows its owner why the list could not be loaded', async () => {
    stubFetch({ 'GET /api/wishlist': () => jsonResponse({ message: 'Wishlist unavailable' }, 503) });
    render(<Probe owner={8} />);
    expect(await screen.findByText('Wishlist unavailable')).toBeInTheDocument();
  });
});
