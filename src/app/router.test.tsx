import userEvent from '@testing-library/user-event';
import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppAlertProvider } from '../components/Alerts';
import { checkAuthAsync } from '../features/auth/authSlice';
import { jsonResponse, staffUser, stubFetch, user } from '../test/utils';
import { permissionsOf } from '../domain/permissions';
import { routes } from './router';
import { makeStore } from './store';

afterEach(() => vi.unstubAllGlobals());

async function renderApp(path: string) {
  const store = makeStore();
  await store.dispatch(checkAuthAsync());
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <AppAlertProvider>
        <RouterProvider router={router} />
      </AppAlertProvider>
    </Provider>,
  );
  return { store, router };
}

const signedOut = () => stubFetch({ 'GET /api/auth/check': () => jsonResponse({ message: 'Not signed in' }, 401) });

describe('the route table', () => {
  it('shows the 404 page for unknown paths', async () => {
    signedOut();
    await renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText("Sorry, we couldn't find the page you're looking for.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });

  it('serves the footer pages', async () => {
    signedOut();
    await renderApp('/aboutus');
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [
      ['Shipping and delivery', '/shipping'],
      ['Returns and refunds', '/returns'],
      ['Contact us', '/contactus'],
      ['About us', '/aboutus'],
      ['Terms of sale', '/terms'],
      ['Privacy', '/privacy'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(footer).queryByRole('link', { name: /AI|Predictive|Automation|Case Studies/ })).not.toBeInTheDocument();
  });

  it('opens the help page, not a 404, on the original design’s other footer routes', async () => {
    signedOut();
    await renderApp('/aiplatform');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help and information' })).toBeInTheDocument();
    expect(within(screen.getByRole('article')).getByRole('link', { name: 'Returns and refunds' })).toHaveAttribute('href', '/returns');
    expect(screen.queryByRole('heading', { name: 'Page not found' })).not.toBeInTheDocument();
  });

  it('a footer page holds the shop’s own words: returns count from delivery', async () => {
    signedOut();
    await renderApp('/returns');
    expect(await screen.findByRole('heading', { level: 2, name: 'Your return window' })).toBeInTheDocument();
    expect(screen.getByText(/The days count from the day your order was delivered/)).toBeInTheDocument();
  });

  it('the contact page shows the contact details the shop’s settings hold, after loading them; a failure can be retried', async () => {
    let fail = true;
    stubFetch({
      'GET /api/auth/check': () => jsonResponse({ message: 'Please sign in' }, 401),
      'GET /api/settings': () =>
        fail
          ? jsonResponse({ message: 'The server is down' }, 500)
          : jsonResponse({ contact: { email: 'care@example.com', phone: '+1 555 0100', address: '1 Main Street, Springfield', hours: 'Every day' } }),
    });
    await renderApp('/contactus');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The shop's contact details could not be loaded");
    expect(screen.queryByText(/Email:/)).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Email: care@example.com. Phone: +1 555 0100, Every day.')).toBeInTheDocument();
    expect(screen.getByText('1 Main Street, Springfield')).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'How to reach us' })).toHaveAttribute('href', '/contactus');
  });

  it('sends a logged-out visitor from / to /login', async () => {
    signedOut();
    const { router } = await renderApp('/');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows the navbar links by role flag: Dashboard for users, never Team or Admin', async () => {
    stubFetch({
      'GET /api/auth/check': () => jsonResponse(user),
      'GET /api/users/own': () => jsonResponse(user),
      'GET /api/cart': () => jsonResponse([]),
    });
    await renderApp('/aboutus');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('Dashboard');
    // The original design's name, and what it opens for a screen reader and in the tooltip.
    const dashboard = within(nav).getByRole('link', { name: 'Dashboard: all products' });
    expect(dashboard).toHaveAttribute('href', '/');
    expect(dashboard).toHaveAttribute('title', 'All products');
    expect(nav).not.toHaveTextContent('Team');
    expect(nav).not.toHaveTextContent('Admin');
    expect(screen.getByText('Best Buy Always')).toBeInTheDocument();
  });

  it('shows an admin the back office links, and neither the shopper Dashboard (/) nor Team', async () => {
    const admin = { ...user, id: 1, email: 'admin@shop.test', role: 'admin' as const, permissions: permissionsOf('admin') };
    stubFetch({
      'GET /api/auth/check': () => jsonResponse(admin),
      'GET /api/users/own': () => jsonResponse(admin),
      'GET /api/cart': () => jsonResponse([]),
    });
    await renderApp('/aboutus');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.find((l) => l.textContent === 'Admin')).toHaveAttribute('href', '/admin');
    expect(links.find((l) => l.textContent === 'Orders')).toHaveAttribute('href', '/admin/orders');
    // The Dashboard link to / is the shopper's; an admin's Dashboard is the back office's.
    expect(links.filter((l) => l.textContent === 'Dashboard').map((l) => l.getAttribute('href'))).toEqual([
      '/admin/dashboard',
    ]);
    expect(within(nav).queryByRole('link', { name: 'Dashboard: all products' })).not.toBeInTheDocument();
    expect(links.find((l) => l.textContent === 'Customers')).toHaveAttribute('href', '/admin/customers');
    expect(links.find((l) => l.textContent === 'Audit log')).toHaveAttribute('href', '/admin/audit');
    expect(links.find((l) => l.textContent === 'Products table')).toHaveAttribute('href', '/admin/products');
    expect(nav).not.toHaveTextContent('Team');
  });

  it('shows a fulfilment user only the back-office links of their permissions, and no access to the others', async () => {
    const fulfilment = staffUser('fulfilment');
    stubFetch({
      'GET /api/auth/check': () => jsonResponse(fulfilment),
      'GET /api/users/own': () => jsonResponse(fulfilment),
      'GET /api/cart': () => jsonResponse([]),
    });
    await renderApp('/admin/promotions');
    expect(await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/admin/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const names = within(nav).getAllByRole('link').map((l) => l.textContent);
    expect(names).toEqual(expect.arrayContaining(['Dashboard', 'Orders']));
    for (const hidden of ['Admin', 'Promotions', 'Customers', 'Audit log', 'Emails', 'Shipping', 'Staff', 'Brands & categories']) expect(names).not.toContain(hidden);
  });

  it('signs out through /logout: POST /auth/logout, then /login', async () => {
    const fetch = stubFetch({
      'GET /api/auth/check': () => jsonResponse(user),
      'GET /api/users/own': () => jsonResponse(user),
      'GET /api/cart': () => jsonResponse([]),
      'POST /api/auth/logout': () => jsonResponse(undefined, 204),
    });
    const { router, store } = await renderApp('/logout');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('/auth/logout') && init?.method === 'POST')).toBe(true);
    expect(store.getState().auth.loggedInUserToken).toBeNull();
  });
});
