import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, sent, stubFetch } from '../../../test/utils';
import MembershipFeeSection from './MembershipFeeSection';

afterEach(() => vi.unstubAllGlobals());

const CONTACT = { email: 'help@shop.test', phone: '1', address: 'a', hours: 'h' };

describe('MembershipFeeSection', () => {
  it('shows the stored fee in a labelled field; a bad fee is refused before sending; a good one is saved', async () => {
    const mock = stubFetch({
      'GET /api/admin/settings': () => jsonResponse({ contact: CONTACT, membershipFee: 49 }),
      'PATCH /api/admin/settings': ({ body }) => jsonResponse({ contact: CONTACT, ...(body as object) }),
    });
    renderWithProviders(<MembershipFeeSection />);
    expect(screen.getByText('Loading the membership fee…')).toBeInTheDocument();
    const field = await screen.findByLabelText('Membership fee (a year)');
    expect(field).toHaveValue(49);

    await userEvent.clear(field);
    await userEvent.type(field, '-5');
    await userEvent.click(screen.getByRole('button', { name: 'Save fee' }));
    expect(await screen.findByText('The fee must be 0 or more')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('The fee must be 0 or more');
    expect(sent(mock, 'PATCH /api/admin/settings')).toEqual([]);

    await userEvent.clear(field);
    await userEvent.type(field, '39.5{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Membership fee saved: $39.50 a year.');
    expect(sent(mock, 'PATCH /api/admin/settings')).toEqual([{ membershipFee: 39.5 }]);
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's field message, and a retry when the fee could not be loaded", async () => {
    let fail = true;
    stubFetch({
      'GET /api/admin/settings': () => (fail ? jsonResponse({ message: 'Server error' }, 500) : jsonResponse({ contact: CONTACT, membershipFee: 0 })),
      'PATCH /api/admin/settings': () => jsonResponse({ message: 'Invalid settings', errors: { membershipFee: 'The fee must be at most 10000' } }, 400),
    });
    renderWithProviders(<MembershipFeeSection />);
    expect(await screen.findByText('The membership fee could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    const field = await screen.findByLabelText('Membership fee (a year)');
    expect(field).toHaveValue(0);
    await userEvent.click(screen.getByRole('button', { name: 'Save fee' }));
    expect(await screen.findByText('The fee must be at most 10000')).toBeInTheDocument();
  });
});
