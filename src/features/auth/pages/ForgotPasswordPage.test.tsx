import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, sent, stubFetch } from '../../../test/utils';
import ForgotPasswordPage, { RESET_REQUESTED } from './ForgotPasswordPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ForgotPasswordPage', () => {
  it('validates the email, then asks for a reset link and shows the neutral confirmation', async () => {
    const fetch = stubFetch({ 'POST /api/auth/forgot': () => jsonResponse({ message: RESET_REQUESTED }, 202) });
    renderWithProviders(<ForgotPasswordPage />);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    const send = screen.getByRole('button', { name: 'Send Email' });
    await userEvent.click(send);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email address'), 'nope');
    await userEvent.click(send);
    expect(await screen.findByText('Email not valid')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Email address'));
    await userEvent.type(screen.getByLabelText('Email address'), 'user@shop.test');
    await userEvent.click(send);
    expect(await screen.findByRole('status')).toHaveTextContent(RESET_REQUESTED);
    expect(sent(fetch, 'POST /api/auth/forgot')).toEqual([{ email: 'user@shop.test' }]);
  });

  it("shows the server's own words: without a mail server the link waits in the outbox, and the page does not claim it was sent", async () => {
    const held = "If an account exists for that address, we've written it a link to reset the password; it is in the shop's outbox until a mail server is set.";
    stubFetch({ 'POST /api/auth/forgot': () => jsonResponse({ message: held }, 202) });
    renderWithProviders(<ForgotPasswordPage />);
    await userEvent.type(screen.getByLabelText('Email address'), 'user@shop.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByRole('status')).toHaveTextContent(held);
    expect(screen.queryByText(/we have sent/)).not.toBeInTheDocument();
  });

  it('shows the server’s refusal (too many requests) and no confirmation', async () => {
    stubFetch({ 'POST /api/auth/forgot': () => jsonResponse({ message: 'Too many reset requests. Try again in 60 minutes.' }, 429) });
    renderWithProviders(<ForgotPasswordPage />);
    await userEvent.type(screen.getByLabelText('Email address'), 'user@shop.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText('Too many reset requests. Try again in 60 minutes.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
