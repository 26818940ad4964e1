import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, sent, stubFetch } from '../../../test/utils';
import type { StaffMember } from '../../../domain/permissions';
import StaffScreen from './StaffScreen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ADMIN: StaffMember = { id: 1, email: 'admin@shop.test', name: 'Admin', role: 'admin', invited: false };
const PAT: StaffMember = { id: 4, email: 'pat@shop.test', role: 'fulfilment', invited: true };

const open = () => renderWithProviders(<StaffScreen />, { route: '/admin/staff' });

describe('StaffScreen', () => {
  it('lists the staff; invites a new address with a role; a refused one says why under its field', async () => {
    let staff = [ADMIN];
    const fetch = stubFetch({
      'GET /api/admin/staff': () => jsonResponse(staff),
      'POST /api/admin/staff': ({ body }) => {
        const { email } = body as { email: string };
        if (email === 'bad') return jsonResponse({ message: 'Invalid input', errors: { email: 'Enter a valid email' } }, 400);
        staff = [ADMIN, PAT];
        return jsonResponse(PAT, 201);
      },
    });
    open();
    expect(await screen.findByRole('listitem', { name: 'Admin (admin@shop.test)' })).toBeInTheDocument();
    expect(document.title).toBe('Admin: Staff | Best Buy Shop');

    const form = screen.getByRole('form', { name: 'Add a staff member' });
    await userEvent.type(within(form).getByLabelText('Email'), 'bad');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Enter a valid email')).toBeInTheDocument();

    await userEvent.clear(within(form).getByLabelText('Email'));
    await userEvent.type(within(form).getByLabelText('Email'), 'pat@shop.test');
    await userEvent.selectOptions(within(form).getByLabelText('Role'), 'fulfilment');
    await userEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('listitem', { name: 'pat@shop.test' })).toHaveTextContent('Invited: no password chosen yet');
    expect(sent(fetch, 'POST /api/admin/staff').at(-1)).toEqual({ email: 'pat@shop.test', role: 'fulfilment' });
    expect(await screen.findByText('An invitation was written to pat@shop.test (fulfilment).')).toBeInTheDocument();
  });

  it('changes a role, says why a change was refused, and removes a member after asking', async () => {
    let staff = [ADMIN, { ...PAT, invited: false }];
    const fetch = stubFetch({
      'GET /api/admin/staff': () => jsonResponse(staff),
      'PATCH /api/admin/staff/1': () => jsonResponse({ message: 'The shop needs at least one admin: make another account an admin first.' }, 409),
      'PATCH /api/admin/staff/4': () => {
        staff = [ADMIN, { ...PAT, invited: false, role: 'support' }];
        return jsonResponse(staff[1]);
      },
      'DELETE /api/admin/staff/4': () => {
        staff = [ADMIN];
        return jsonResponse(undefined, 204);
      },
    });
    open();
    const admin = await screen.findByRole('listitem', { name: 'Admin (admin@shop.test)' });
    await userEvent.selectOptions(within(admin).getByLabelText('Role'), 'catalogue');
    await userEvent.click(within(admin).getByRole('button', { name: 'Save the role of admin@shop.test' }));
    expect(await within(admin).findByRole('alert')).toHaveTextContent('The role could not be changed: The shop needs at least one admin');
    expect(within(admin).getByLabelText('Role')).toHaveValue('admin');

    const pat = screen.getByRole('listitem', { name: 'pat@shop.test' });
    await userEvent.selectOptions(within(pat).getByLabelText('Role'), 'support');
    await userEvent.click(within(pat).getByRole('button', { name: 'Save the role of pat@shop.test' }));
    expect(await screen.findByText('pat@shop.test is now support staff.')).toBeInTheDocument();
    expect(sent(fetch, 'PATCH /api/admin/staff/4')).toEqual([{ role: 'support' }]);

    await userEvent.click(within(screen.getByRole('listitem', { name: 'pat@shop.test' })).getByRole('button', { name: 'Remove pat@shop.test from the staff' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('pat@shop.test is no longer staff.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'pat@shop.test' })).not.toBeInTheDocument();
  });
});
