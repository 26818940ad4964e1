import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, jsonResponse, renderWithProviders, session, stubFetch, user } from '../../../test/utils';
import PromoBanner from './PromoBanner';

afterEach(() => vi.unstubAllGlobals());

const SPEC_WORDS = 'Apply for Membership ,and get 20% instant discount on Electronics Products, Hurry, Offer Ending Soon!';
const members = { id: 1, label: 'Members: 20% off phones and laptops', membersOnly: true };

describe('PromoBanner', () => {
  it('shows the active promotion’s own words, replacing the original design’s words it starts with; the picture promises nothing', async () => {
    stubFetch({ 'GET /api/promotions/banner': () => jsonResponse(members) });
    renderWithProviders(<PromoBanner />, { preloadedState: session(null) });
    const banner = screen.getByRole('region', { name: 'Promotion' });
    expect(banner).toHaveTextContent(SPEC_WORDS);
    expect(await screen.findByText(members.label)).toBeInTheDocument();
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

  it('a signed-in shopper who is not a member applies with the button, and the banner then confirms it quietly', async () => {
    const fetch = stubFetch({
      'GET /api/promotions/banner': () => jsonResponse(members),
      'POST /api/users/own/membership': () => jsonResponse({ ...user, member: true }),
    });
    const { store } = renderWithProviders(<PromoBanner />, { preloadedState: session({ ...user, member: false }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Apply for Membership' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('You’re a member: this offer applies at checkout.');
    expect(done).toHaveFocus();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(store.getState().auth.loggedInUserToken?.member).toBe(true);
    expect(calls(fetch)).toEqual(['GET /api/promotions/banner', 'POST /api/users/own/membership']);
  });

  it('a member sees no button, only the confirmation; an offer for everyone has no button at all', async () => {
    stubFetch({ 'GET /api/promotions/banner': () => jsonResponse(members) });
    const { unmount } = renderWithProviders(<PromoBanner />, { preloadedState: session({ ...user, member: true }) });
    expect(await screen.findByRole('status')).toHaveTextContent('You’re a member');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    unmount();
    stubFetch({ 'GET /api/promotions/banner': () => jsonResponse({ id: 2, label: '10% off everything', membersOnly: false }) });
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
