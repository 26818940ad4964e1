import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, session, stubFetch, user } from '../../../test/utils';
import type { User } from '../../../domain/types';
import MembershipSection from './MembershipSection';

afterEach(() => vi.unstubAllGlobals());

const LINE = { id: 'membership', kind: 'membership', title: 'Membership (1 year)', price: 49, quantity: 1 };
const render = (account: User) => renderWithProviders(<MembershipSection user={account} />, { preloadedState: session(account) });

describe('MembershipSection', () => {
  it('shows the fee; applying puts the membership line in the cart', async () => {
    const fetch = stubFetch({
      'GET /api/settings': () => jsonResponse({ contact: {}, membershipFee: 49 }),
      'POST /api/users/own/membership': () => jsonResponse(LINE, 201),
    });
    const { store } = render({ ...user, member: false });
    const section = screen.getByRole('region', { name: 'Membership' });
    expect(await screen.findByText(/Membership costs \$49\.00 a year\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply for Membership' }));
    expect(await screen.findByText('Membership added to your cart')).toBeInTheDocument();
    expect(store.getState().cart.membership).toEqual(LINE);
    // Not a member until the order is placed.
    expect(section).toHaveTextContent('You are not a member.');
    expect(fetch).toHaveBeenCalledTimes(2);
    // The line is in the cart: no second offer, a way to the cart instead.
    expect(section).toHaveTextContent('Membership is in your cart: it starts when that order is placed.');
    expect(screen.queryByRole('button', { name: 'Apply for Membership' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart');
  });

  it('says why applying failed (already in the cart)', async () => {
    stubFetch({
      'GET /api/settings': () => jsonResponse({ contact: {}, membershipFee: 49 }),
      'POST /api/users/own/membership': () => jsonResponse({ message: 'Membership is already in your cart' }, 409),
    });
    const { store } = render({ ...user, member: false });
    await userEvent.click(screen.getByRole('button', { name: 'Apply for Membership' }));
    expect(await screen.findByText('Could not apply for membership: Membership is already in your cart')).toBeInTheDocument();
    expect(store.getState().cart.membership).toBeNull();
  });

  it('a paid member: "Member until" and "Stop renewal"; stopping keeps the term', async () => {
    const until = '2027-06-14T12:00:00.000Z';
    const member = { ...user, member: true, memberUntil: until, membershipRenews: true };
    const fetch = stubFetch({ 'DELETE /api/users/own/membership': () => jsonResponse({ ...member, membershipRenews: false }) });
    const { store } = render(member);
    expect(screen.getByText(/^Member until June 14, 2027 \(UTC\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave membership' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop renewal' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Renewal stopped');
    expect(store.getState().auth.loggedInUserToken).toMatchObject({ member: true, memberUntil: until, membershipRenews: false });
    expect(fetch.mock.calls.map(([, init]) => init?.method)).toEqual(['DELETE']);
  });

  it('renewal stopped: the term is shown, no button to stop it again', () => {
    stubFetch({});
    render({ ...user, member: true, memberUntil: '2027-06-14T12:00:00.000Z', membershipRenews: false });
    expect(screen.getByText(/^Member until June 14, 2027/)).toBeInTheDocument();
    expect(screen.getByText('Renewal stopped')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
