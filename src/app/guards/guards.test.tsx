import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '../../features/auth/pages/LoginPage';
import SignupPage from '../../features/auth/pages/SignupPage';
import { admin, jsonResponse, landing, renderWithProviders, staffUser, stubFetch, user, session } from '../../test/utils';
import type { User } from '../../domain/types';
import { permittedPage } from './Permitted';
import { NO_ACCESS } from './NoAccess';
import Protected from './Protected';

afterEach(() => vi.unstubAllGlobals());

const signedOut = session();
const asUser = session(user);
const asAdmin = session(admin);
const targets = [landing('/'), landing('/login')];

describe('Protected', () => {
  it('waits for the session check instead of redirecting', () => {
    renderWithProviders(<Protected>secret</Protected>, { route: '/cart', path: '/cart', routes: targets });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    expect(screen.queryByText(/Landed on/)).not.toBeInTheDocument();
  });

  it('sends logged-out visitors to /login', () => {
    renderWithProviders(<Protected>secret</Protected>, { route: '/cart', path: '/cart', preloadedState: signedOut, routes: targets });
    expect(screen.getByText('Landed on /login')).toBeInTheDocument();
  });

  it('shows the page to any signed-in user', () => {
    renderWithProviders(<Protected>secret</Protected>, { route: '/cart', path: '/cart', preloadedState: asUser, routes: targets });
    expect(screen.getByText('secret')).toBeInTheDocument();
  });
});

describe('Protected admin', () => {
  const render = (preloadedState?: object) =>
    renderWithProviders(<Protected admin>back office</Protected>, {
      route: '/admin',
      path: '/admin',
      preloadedState,
      routes: targets,
    });

  it('waits for the check', () => {
    render();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('sends logged-out visitors to /login', () => {
    render(signedOut);
    expect(screen.getByText('Landed on /login')).toBeInTheDocument();
  });

  it('sends a non-admin to /', () => {
    render(asUser);
    expect(screen.getByText('Landed on /')).toBeInTheDocument();
  });

  it('lets an admin in', () => {
    render(asAdmin);
    expect(screen.getByText('back office')).toBeInTheDocument();
  });

  it('lets any staff role in; each page then asks its own permission (Permitted)', () => {
    render(session(staffUser('support')));
    expect(screen.getByText('back office')).toBeInTheDocument();
  });
});

describe('permittedPage', () => {
  it('shows the page to a role with the permission; says no access to one without, the page not fetched', async () => {
    const load = vi.fn(async () => ({ default: () => <p>customers</p> }));
    const { default: Page } = permittedPage(load, 'customers');
    const { unmount } = renderWithProviders(<Page />, { preloadedState: session(staffUser('support')) });
    expect(await screen.findByText('customers')).toBeInTheDocument();
    unmount();
    load.mockClear();
    const { default: Refused } = permittedPage(load, 'customers');
    renderWithProviders(<Refused />, { preloadedState: session(staffUser('fulfilment') as User) });
    expect(screen.getByRole('heading', { name: NO_ACCESS })).toBeInTheDocument();
    expect(screen.queryByText('customers')).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });
});

describe('sign-in pages redirect away when signed in', () => {
  it('/login goes to /', () => {
    renderWithProviders(<LoginPage />, { route: '/login', path: '/login', preloadedState: asUser, routes: [landing('/')] });
    expect(screen.getByText('Landed on /')).toBeInTheDocument();
  });

  it('/login returns to the guarded page that sent the visitor there', async () => {
    stubFetch({ 'GET /api/auth/check': () => jsonResponse(user) });
    const { router } = renderWithProviders(<Protected>the cart</Protected>, {
      route: '/cart',
      path: '/cart',
      preloadedState: signedOut,
      routes: [{ path: '/login', element: <LoginPage /> }],
    });
    expect(await screen.findByLabelText('Email address')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/cart' } });
  });

  it('/signup goes to /login', () => {
    renderWithProviders(<SignupPage />, { route: '/signup', path: '/signup', preloadedState: asUser, routes: [landing('/login')] });
    expect(screen.getByText('Landed on /login')).toBeInTheDocument();
  });
});
