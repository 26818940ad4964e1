import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CODE_REQUIRED } from '../../../domain/constants';
import { jsonResponse, landing, renderWithProviders, sent, stubFetch, user } from '../../../test/utils';
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

  it('focuses the first field in error and checks again as the shopper corrects it', async () => {
    const fetch = stubFetch({ 'POST /api/auth/login': () => jsonResponse(user) });
    renderLogin();
    const email = screen.getByLabelText('Email address');
    await userEvent.type(email, 'user@');
    expect(screen.queryByText('Email not valid')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription('Email not valid');
    expect(screen.getByText('Password required')).toBeInTheDocument();
    await userEvent.type(email, 'shop.test');
    expect(screen.queryByText('Email not valid')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
    await userEvent.type(screen.getByLabelText('Password'), 'User12345');
    expect(screen.queryByText('Password required')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Landed on /')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/auth/login')).toEqual([{ email: 'user@shop.test', password: 'User12345' }]);
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

  it('asks for the two-factor code when the server wants one, and signs in with it', async () => {
    const fetch = stubFetch({
      'POST /api/auth/login': ({ body }) => {
        const { code } = body as { code?: string };
        if (code === '123456') return jsonResponse({ ...user, twoFactorEnabled: true });
        if (code) return jsonResponse({ message: 'That code is not right.', twoFactorRequired: true }, 401);
        return jsonResponse({ message: CODE_REQUIRED, twoFactorRequired: true }, 401);
      },
    });
    const { store } = renderLogin();
    await userEvent.type(screen.getByLabelText('Email address'), 'user@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'User12345');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveFocus();
    await userEvent.type(code, '12{Enter}');
    expect(code).toHaveAccessibleDescription(expect.stringContaining('6-digit code'));
    await userEvent.clear(code);
    await userEvent.type(code, '654321{Enter}');
    expect(await screen.findByText('That code is not right.')).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and log in' }));
    expect(await screen.findByText('Landed on /')).toBeInTheDocument();
    expect(store.getState().auth.loggedInUserToken).toMatchObject({ id: user.id, twoFactorEnabled: true });
    expect(sent(fetch, 'POST /api/auth/login')).toEqual([
      { email: 'user@shop.test', password: 'User12345' },
      { email: 'user@shop.test', password: 'User12345', code: '654321' },
      { email: 'user@shop.test', password: 'User12345', code: '123456' },
    ]);
  });

  it('goes back from the code step to the email and password, keeping them', async () => {
    stubFetch({ 'POST /api/auth/login': () => jsonResponse({ message: CODE_REQUIRED, twoFactorRequired: true }, 401) });
    renderLogin();
    await userEvent.type(screen.getByLabelText('Email address'), 'user@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'User12345');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Back to email and password' }));
    expect(screen.getByLabelText('Email address')).toHaveValue('user@shop.test');
    expect(screen.getByLabelText('Password')).toHaveValue('User12345');
    // The button pressed is gone: the focus starts at the form again.
    expect(screen.getByLabelText('Email address')).toHaveFocus();
  });

  it('waits for the session check before showing the form', async () => {
    renderWithProviders(<LoginPage />, { path: '/login', route: '/login' });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session…');
    await waitFor(() => expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument());
  });
});
