import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RootLayout from '../../../app/layout/RootLayout';
import { calls, jsonResponse, renderWithProviders, sent, session, stubFetch, user } from '../../../test/utils';
import VerifyEmailPage from './VerifyEmailPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DONE = 'Your email address is confirmed. Thank you!';
const INVALID = 'This confirmation link is invalid, used or expired. Sign in and ask for a new one.';
const unverified = { ...user, verified: false };
// Each test its own token: the page sends a token once per page load.
let n = 0;
const nextToken = () => `${String(++n).padStart(3, '0')}${'a'.repeat(40)}`;

const render = (route: string, who: typeof user | null = null) =>
  renderWithProviders(<VerifyEmailPage />, { route, path: '/verify-email', preloadedState: session(who) });

describe('VerifyEmailPage', () => {
  it('sends the token once as it opens and says it worked; a signed-in account reads as verified again', async () => {
    const token = nextToken();
    const fetch = stubFetch({
      'POST /api/auth/verify': () => jsonResponse({ message: DONE }),
      'GET /api/auth/check': () => jsonResponse({ ...user, verified: true }),
    });
    const { store } = render(`/verify-email?token=${token}`, unverified);
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your email address…');
    expect(await screen.findByText(DONE)).toBeInTheDocument();
    expect(document.title).toMatch(/^Confirm your email/);
    expect(sent(fetch, 'POST /api/auth/verify')).toEqual([{ token }]);
    await waitFor(() => expect(store.getState().auth.loggedInUserToken?.verified).toBe(true));
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  });

  it('signed out: works too, and offers the sign-in page', async () => {
    const fetch = stubFetch({ 'POST /api/auth/verify': () => jsonResponse({ message: DONE }) });
    render(`/verify-email?token=${nextToken()}`);
    expect(await screen.findByText(DONE)).toBeInTheDocument();
    expect(calls(fetch)).toEqual(['POST /api/auth/verify']);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('a used or expired link: the server’s message, and "Send a new link" for the signed-in shopper', async () => {
    const fetch = stubFetch({
      'POST /api/auth/verify': () => jsonResponse({ message: INVALID, errors: { token: INVALID } }, 400),
      'POST /api/auth/verify/resend': () => jsonResponse({ message: 'We have sent a new confirmation link to shopper@shop.test.' }, 202),
    });
    render(`/verify-email?token=${nextToken()}`, unverified);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your email address could not be confirmed');
    expect(alert).toHaveTextContent(INVALID);
    await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByText('We have sent a new confirmation link to shopper@shop.test.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument();
    expect(calls(fetch)).toEqual(['POST /api/auth/verify', 'POST /api/auth/verify/resend']);
  });

  it('a link that no longer works, opened by an account already confirmed: says it is confirmed, no error', async () => {
    stubFetch({ 'POST /api/auth/verify': () => jsonResponse({ message: INVALID }, 400) });
    render(`/verify-email?token=${nextToken()}`, { ...user, verified: true });
    expect(await screen.findByText('Your email address is already confirmed.')).toBeInTheDocument();
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument();
  });

  it('a bad link signed out points to sign-in; no token: no request', async () => {
    stubFetch({ 'POST /api/auth/verify': () => jsonResponse({ message: INVALID }, 400) });
    render(`/verify-email?token=${nextToken()}`);
    await screen.findByRole('alert');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');

    const fetch = stubFetch({});
    render('/verify-email', unverified);
    expect(screen.getAllByText('This page needs the link from your confirmation email.').length).toBeGreaterThan(0);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the reminder (RootLayout)', () => {
  const shop = (who: typeof user) =>
    stubFetch({
      'GET /api/cart': () => jsonResponse([]),
      'GET /api/users/own': () => jsonResponse(who),
      'POST /api/auth/verify/resend': () => jsonResponse({ message: 'Too many confirmation mails. Try again in 40 minutes.' }, 429),
    });
  const layout = (who: typeof user) =>
    renderWithProviders(<RootLayout />, { route: '/', path: '/', preloadedState: session(who), routes: [] });

  it('an unverified shopper sees a quiet line with "Send again", which says what the server answered', async () => {
    const fetch = shop(unverified);
    layout(unverified);
    const reminder = await screen.findByRole('region', { name: 'Confirm your email address' });
    expect(reminder).toHaveTextContent('Please confirm your email address: open the link we sent to shopper@shop.test.');
    const button = screen.getByRole('button', { name: 'Send again' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Too many confirmation mails. Try again in 40 minutes.')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/auth/verify/resend')).toEqual([{}]);
  });

  it('a verified shopper (or one the server sent no flag for) sees none', async () => {
    const fetch = shop(user);
    layout({ ...user, verified: true });
    await waitFor(() => expect(calls(fetch)).toContain('GET /api/users/own'));
    expect(screen.queryByRole('region', { name: 'Confirm your email address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
  });
});
