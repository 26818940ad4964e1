import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, sent, stubFetch } from '../../../test/utils';
import type { ShopContact } from '../../../domain/settings';
import ContactSection from './ContactSection';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CONTACT: ShopContact = {
  email: 'help@shop.test',
  phone: '+1 416 555 0100',
  address: '88 Queen Street West, Toronto',
  hours: 'Monday to Friday, 9 am to 6 pm',
};

describe('ContactSection', () => {
  it('shows the stored details; an edit is checked field by field, then saved and shown', async () => {
    const mock = stubFetch({
      'GET /api/admin/settings': () => jsonResponse({ contact: CONTACT }),
      'PATCH /api/admin/settings': ({ body }) => jsonResponse(body),
    });
    renderWithProviders(<ContactSection />);
    expect(screen.getByText('Loading the contact details…')).toBeInTheDocument();
    expect(await screen.findByText('88 Queen Street West, Toronto')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit contact details' }));
    const email = screen.getByLabelText('Contact email');
    expect(email).toHaveFocus();
    await userEvent.clear(email);
    await userEvent.type(email, 'not an email');
    await userEvent.clear(screen.getByLabelText('Phone'));
    await userEvent.click(screen.getByRole('button', { name: 'Save contact details' }));
    expect(await screen.findByText('Email not valid')).toBeInTheDocument();
    expect(screen.getByText('Phone is required')).toBeInTheDocument();
    expect(sent(mock, 'PATCH /api/admin/settings')).toEqual([]);

    await userEvent.clear(email);
    await userEvent.type(email, 'care@example.com');
    await userEvent.type(screen.getByLabelText('Phone'), '+1 416 555 0199');
    await userEvent.click(screen.getByRole('button', { name: 'Save contact details' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Contact details saved.');
    expect(sent(mock, 'PATCH /api/admin/settings')).toEqual([{ contact: { ...CONTACT, email: 'care@example.com', phone: '+1 416 555 0199' } }]);
    expect(screen.getByText('care@example.com')).toBeInTheDocument();
  });

  it('shows the server’s message on the field it names, and keeps what was typed', async () => {
    stubFetch({
      'GET /api/admin/settings': () => jsonResponse({ contact: CONTACT }),
      'PATCH /api/admin/settings': () => jsonResponse({ message: 'Invalid settings', errors: { address: 'Postal address must be at most 200 characters' } }, 400),
    });
    renderWithProviders(<ContactSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit contact details' }));
    await userEvent.type(screen.getByLabelText('Postal address'), ', Canada');
    await userEvent.click(screen.getByRole('button', { name: 'Save contact details' }));
    expect(await screen.findByText('Postal address must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Postal address')).toHaveValue('88 Queen Street West, Toronto, Canada');
  });

  it('says when the details could not be loaded, and tries again', async () => {
    let fail = true;
    stubFetch({ 'GET /api/admin/settings': () => (fail ? jsonResponse({ message: 'The server is down' }, 500) : jsonResponse({ contact: CONTACT })) });
    renderWithProviders(<ContactSection />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The contact details could not be loaded');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('help@shop.test')).toBeInTheDocument();
  });
});
