import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/utils';
import ForgotPasswordPage from './ForgotPasswordPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ForgotPasswordPage', () => {
  it('validates the email, then only logs it (no call)', async () => {
    const fetch = stubFetch({});
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    renderWithProviders(<ForgotPasswordPage />);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    const send = screen.getByRole('button', { name: 'Send Email' });
    await userEvent.click(send);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email address'), 'nope');
    await userEvent.click(send);
    expect(await screen.findByText('Email not valid')).toBeInTheDocument();
    expect(log).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Email address'));
    await userEvent.type(screen.getByLabelText('Email address'), 'user@shop.test');
    await userEvent.click(send);
    expect(log).toHaveBeenCalledWith({ email: 'user@shop.test' });
    expect(await screen.findByRole('status')).toHaveTextContent('no email was sent');
    expect(fetch).not.toHaveBeenCalled();
  });
});
