import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, jsonResponse, renderWithProviders, session, stubFetch, user } from '../../../test/utils';
import PromoBanner from './PromoBanner';

afterEach(() => vi.unstubAllGlobals());

const SPEC_WORDS = 'Apply for Membership ,and get 20% instant discount on Electronics Products, Hurry, Offer Ending Soon!';
const members = { id: 1, text: 'Members: 20% off phones and laptops', membersOnly: true, has: false };
const forMembers = { id: 1, text: 'Members save 20% on Electronics', membersOnly: true, has: true };

describe('PromoBanner', () => {
  it('shows the active promotion’s own words, replacing the original design’s words it starts with; the picture promises nothing', async () => {
    stubFetch({ 'GET /api/promotions/banner': () => jsonResponse(members) });
    renderWithProviders(<PromoBanner />, { preloadedState: session(null) });
    const banner = screen.getByRole('region', { name: 'Promotion' });
    expect(banner).toHaveTextContent(SPEC_WORDS);
    expect(await screen.findByText(members.text)).toBeInTheDocument();
    expect(banner).not.toHaveTextContent(SPEC_WORDS);
    expect(banner.querySelector('img')).toHaveAttribute('alt', '');
    // A visitor cannot join: no button.
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('no active promotion (204): no banner', async () => {
    stubFetch({ 'GET /api/promotions/banner': () => new Response(null, { status: 204 }) });
    renderWithProviders(<PromoBanner />, { preloadedState: session(user) });
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Promotion' })).not.toBeInTheDocument());
  });

  it('with a fee, applying puts membership in the cart: a way to the cart, no member yet', async () => {
    const line = { id: 'membership', kind: 'membership', title: 'Membership (1 year)', price: 49, quantity: 1 };
    const fetch = stubFetch({ 'GET /api/promotions/banner': () => jsonResponse(members), 'POST /api/users/own/membership': () => jsonResponse(line, 201) });
    const { store } = renderWithProviders(<PromoBanner />, { preloadedState: session({ ...user, member: false }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Apply for Membership' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Membership added to your cart, at its yearly fee');
    expect(done).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
    expect(store.getState().cart.membership).toEqual(line);
    expect(store.getState().auth.loggedInUserToken?.member).toBe(false);
    expect(calls(fetch)).toEqual(['GET /api/promotions/banner', 'POST /api/users/own/membership']);
  });

  it('a cart that already holds membership (added before a reload, or on the profile) is not offered it again', async () => {
    const line = { id: 'membership', kind: 'membership', title: 'Membership (1 year)', price: 49, quantity: 1 } as const;
    const fetch = stubFetch({ 'GET /api/promotions/banner': () => jsonResponse(members) });
    const cart = { items: [], membership: line, status: 'idle' as const, cartLoaded: true, error: null };
    renderWithProviders(<PromoBanner />, { preloadedState: { ...session({ ...user, member: false }), cart } });
    expect(await screen.findByText(members.text)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Membership added to your cart');
    expect(screen.getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
    expect(screen.queryByRole('button', { name: 'Apply for Membership' })).not.toBeInTheDocument();
    expect(calls(fetch)).toEqual(['GET /api/promotions/banner']);
  });

  it('a signed-in shopper who is not a member applies with the button (a shop without a fee), and the banner then confirms it quietly in the members’ words', async () => {
    let joined = false;
    const fetch = stubFetch({
      'GET /api/promotions/banner': () => jsonResponse(joined ? forMembers : members),
      'POST /api/users/own/membership': () => {
        joined = true;
        return jsonResponse({ ...user, member: true });
      },
    });
    const { store } = renderWithProviders(<PromoBanner />, { preloadedState: session({ ...user, member: false }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Apply for Membership' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('You’re a member: this offer applies at checkout.');
    expect(done).toHaveFocus();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(store.getState().auth.loggedInUserToken?.member).toBe(true);
    // The banner asked again: what a member has, no offer to join.
    const banner = screen.getByRole('region', { name: 'Promotion' });
    expect(await screen.findByText(forMembers.text)).toBeInTheDocument();
    expect(banner).not.toHaveTextContent('Apply for Membership');
    expect(done).toHaveFocus();
    expect(calls(fetch)).toEqual(['GET /api/promotions/banner', 'POST /api/users/own/membership', 'GET /api/promotions/banner']);
  });

  it('a member sees what they have and the confirmation, never the offer to join (not even before the answer); an offer for everyone has no button at all', async () => {
    stubFetch({ 'GET /api/promotions/banner': () => jsonResponse(forMembers) });
    const { unmount } = renderWithProviders(<PromoBanner />, { preloadedState: session({ ...user, member: true }) });
    const banner = screen.getByRole('region', { name: 'Promotion' });
    expect(banner).not.toHaveTextContent('Apply for Membership');
    expect(await screen.findByText(forMembers.text)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You’re a member');
    expect(banner).not.toHaveTextContent('Apply for Membership');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    unmount();
    stubFetch({ 'GET /api/promotions/banner': () => jsonResponse({ id: 2, text: '10% off everything', membersOnly: false, has: true }) });
    renderWithProviders(<PromoBanner />, { preloadedState: session({ ...user, member: false }) });
    expect(await screen.findByText('10% off everything')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a refused application says why and keeps the button', async () => {
    stubFetch({
      'GET /api/promotions/banner': () => jsonResponse(members),
      'POST /api/users/own/membership': () => jsonResponse({ message: 'Not signed in' }, 401),
    });
    renderWithProviders(<PromoBanner />, { preloadedState: session({ ...user, member: false }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Apply for Membership' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not apply for membership: Not signed in');
    expect(screen.getByRole('button', { name: 'Apply for Membership' })).toBeEnabled();
  });
});
