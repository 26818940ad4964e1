import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, landing, renderWithProviders, stubFetch, user } from '../../../test/utils';
import { initialState } from '../authSlice';
import LoginPage from './LoginPage';

afterEach(() => vi.unstubAllGlobals());

const checked = { auth: { ...initialState, userChecked: true } };

function renderLogin() {
  return renderWithProviders(<LoginPage />, {
    path: '/login',
    route: '/login',
    preloadedState: checked,
    routes: [landing('/'), landing('/forgot-password'), landing('/signup')],
  });
}

describe('LoginPage', () => {
  it('labels its fields and links to forgot password and signup', () => {
    renderLogin();
    expect(screen.getByLabelText('Email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an Account' })).toHaveAttribute('href', '/signup');
  });

  it('shows the validation messages for empty fields and a malformed email', async () => {
    const fetch = stubFetch({});
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email address'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email not valid')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's refusal as 'Wrong Email or Password' under the password field", async () => {
    stubFetch({ 'POST /api/auth/login': () => jsonResponse({ message: 'Wrong Email or Password' }, 401) });
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email address'), 'user@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const message = await screen.findByText('Wrong Email or Password');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Wrong Email or Password');
    expect(message.id).toBe('password-error');
  });

  it('signs in and goes home', async () => {
    stubFetch({ 'POST /api/auth/login': () => jsonResponse(user) });
    const { store } = renderLogin();
    await userEvent.type(screen.getByLabelText('Email address'), 'user@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'User12345');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Landed on /')).toBeInTheDocument();
    expect(store.getState().auth.loggedInUserToken).toEqual(user);
  });

  it('waits for the session check before showing the form', async () => {
    renderWithProviders(<LoginPage />, { path: '/login', route: '/login' });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    await waitFor(() => expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument());
  });
});
