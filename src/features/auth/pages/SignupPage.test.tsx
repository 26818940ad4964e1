import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, landing, renderWithProviders, stubFetch, user } from '../../../test/utils';
import { PASSWORD_MESSAGE } from '../../../domain/validation';
import { initialState } from '../authSlice';
import SignupPage from './SignupPage';

afterEach(() => vi.unstubAllGlobals());

function renderSignup() {
  return renderWithProviders(<SignupPage />, {
    path: '/signup',
    route: '/signup',
    preloadedState: { auth: { ...initialState, userChecked: true } },
    routes: [landing('/login')],
  });
}

describe('SignupPage', () => {
  it('shows every signup validation message', async () => {
    const fetch = stubFetch({});
    renderSignup();
    const submit = screen.getByRole('button', { name: 'Sign up' });
    await userEvent.click(submit);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password required')).toBeInTheDocument();
    expect(screen.getByText('Confirm Password required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email address'), 'bad@');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'other');
    await userEvent.click(submit);
    expect(await screen.findByText('Email not valid')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(PASSWORD_MESSAGE);
    expect(screen.getByText('Password not matching')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('accepts special characters, creates the account, then goes to /login', async () => {
    const fetch = stubFetch({ 'POST /api/auth/signup': () => jsonResponse(user, 201) });
    const { store } = renderSignup();
    await userEvent.type(screen.getByLabelText('Email address'), 'new@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret#123');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Landed on /login')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledOnce();
    expect(store.getState().auth.loggedInUserToken).toEqual(user);
  });

  it("shows the server's refusal (duplicate email)", async () => {
    stubFetch({ 'POST /api/auth/signup': () => jsonResponse({ message: 'Email already registered' }, 409) });
    renderSignup();
    await userEvent.type(screen.getByLabelText('Email address'), 'user@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret123');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already registered');
  });
});
