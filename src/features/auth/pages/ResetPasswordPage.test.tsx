import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, sent, stubFetch } from '../../../test/utils';
import ResetPasswordPage, { PASSWORD_RESET_NOTICE } from './ResetPasswordPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TOKEN = 'a'.repeat(43);
const render = (route = `/reset-password?token=${TOKEN}`) =>
  renderWithProviders(<ResetPasswordPage />, {
    route,
    path: '/reset-password',
    routes: [{ path: '/login', element: <p>login page</p> }],
  });

async function fill(password: string, confirm = password) {
  await userEvent.type(screen.getByLabelText('New password'), password);
  await userEvent.type(screen.getByLabelText('Confirm Password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordPage', () => {
  it('checks the password and its confirmation with the sign-up messages before any call', async () => {
    const fetch = stubFetch({});
    render();
    await fill('short', 'other');
    expect(await screen.findByText(/at least 8 characters/)).toBeInTheDocument();
    expect(screen.getByText('Password not matching')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the token and the password, then goes to the sign-in page', async () => {
    const fetch = stubFetch({ 'POST /api/auth/reset': () => jsonResponse({ message: PASSWORD_RESET_NOTICE }) });
    render();
    await fill('Fresh4321x');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/auth/reset')).toEqual([{ token: TOKEN, password: 'Fresh4321x' }]);
  });

  it('a used or expired link: the server’s message and a way to ask for a new one', async () => {
    stubFetch({ 'POST /api/auth/reset': () => jsonResponse({ message: 'This reset link is invalid, used or expired. Ask for a new one.', errors: { token: 'x' } }, 400) });
    render();
    await fill('Fresh4321x');
    expect(await screen.findByText('This reset link is invalid, used or expired. Ask for a new one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('without a token: no form, a link to ask for one', () => {
    render('/reset-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });
});
