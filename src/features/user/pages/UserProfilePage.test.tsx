import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { address, admin, jsonResponse, renderWithProviders, stubFetch, user, session, fillAddress } from '../../../test/utils';
import type { User } from '../../../domain/types';
import { initialState as userState } from '../userSlice';
import { findRegion } from '../../../domain/regions';
import type { Address } from '../../../domain/types';
import UserProfilePage from './UserProfilePage';

afterEach(() => vi.unstubAllGlobals());
/** The calls these tests count: the membership section's fee (GET /settings) left out. */
const own = (mock: ReturnType<typeof stubFetch>) => mock.mock.calls.filter(([input]) => !String(input).endsWith('/api/settings'));

const render = (account: User) =>
  renderWithProviders(<UserProfilePage />, {
    preloadedState: {
      ...session(account),
      user: { ...userState, userInfo: account },
    },
  });

/** Answers a PATCH as the API does: the user with the addresses sent, each state by its region's name and code. */
function echoPatch() {
  return stubFetch({
    'PATCH /api/users/7': ({ body }) => {
      const { addresses = [], ...rest } = body as { addresses?: Address[] };
      const answered = addresses.map((a) => {
        const region = findRegion(a.country, a.state);
        return region ? { ...a, state: region.name, stateCode: region.code } : a;
      });
      return jsonResponse({ ...user, ...rest, addresses: answered });
    },
  });
}

describe('UserProfilePage', () => {
  it("shows 'New User' without a name, and the role only for admins", () => {
    render(user);
    expect(screen.getByRole('heading', { level: 1, name: 'New User' })).toBeInTheDocument();
    expect(screen.getByText(user.email)).toBeInTheDocument();
    expect(screen.queryByText(/role :/)).not.toBeInTheDocument();
  });

  it('shows the role of an admin', () => {
    render({ ...admin, name: 'Root' });
    expect(screen.getByRole('heading', { level: 1, name: 'Root' })).toBeInTheDocument();
    expect(screen.getByText('role : admin')).toBeInTheDocument();
  });

  it('adds an address with the same form (Cancel / Save Address)', async () => {
    const fetch = echoPatch();
    render(user);
    await userEvent.click(screen.getByRole('button', { name: 'Add New Address' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Name is Required')).toBeInTheDocument();
    await fillAddress(address);
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(JSON.parse(String(own(fetch)[0][1]?.body))).toEqual({ id: 7, addresses: [{ ...address, state: 'ON' }] });
    expect(screen.queryByRole('button', { name: 'Save Address' })).not.toBeInTheDocument();
  });

  it('edits and removes an address with the complete list', async () => {
    const fetch = echoPatch();
    render({ ...user, addresses: [address, { ...address, name: 'Second' }] });
    await userEvent.click(screen.getByRole('button', { name: 'Edit address 1' }));
    const city = screen.getByLabelText('City');
    await userEvent.clear(city);
    await userEvent.type(city, 'Ottawa');
    await userEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Ottawa, Ontario, Canada M5V 2T6')).toBeInTheDocument();
    expect(JSON.parse(String(own(fetch)[0][1]?.body)).addresses.map((a: { city: string }) => a.city)).toEqual([
      'Ottawa',
      'Toronto',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove address 1' }));
    expect(await screen.findByText('Address removed')).toBeInTheDocument();
    expect(screen.queryByText('Ada Lovelace')).not.toBeInTheDocument();
    expect(JSON.parse(String(own(fetch)[1][1]?.body)).addresses).toEqual([{ ...address, name: 'Second', stateCode: 'ON' }]);
  });

  it('keeps the address and alerts when saving fails', async () => {
    stubFetch({ 'PATCH /api/users/7': () => jsonResponse({ message: 'Server down' }, 500) });
    render({ ...user, addresses: [address] });
    await userEvent.click(screen.getByRole('button', { name: 'Remove address 1' }));
    expect(await screen.findByText('Could not update your addresses: Server down')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('makes one change at a time, so a second change cannot overwrite or shift the first', async () => {
    let answer!: (response: Response) => void;
    const fetch = stubFetch({
      'PATCH /api/users/7': ({ body }) =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }).then(() => jsonResponse({ ...user, ...(body as object) })),
    });
    const second = { ...address, name: 'Second' };
    render({ ...user, addresses: [address, second] });
    const button = (name: string) => screen.getByRole('button', { name });

    // A form is open: nothing else can change the list under it.
    await userEvent.click(button('Edit address 2'));
    expect(button('Remove address 1')).toBeDisabled();
    expect(button('Edit address 1')).toBeDisabled();
    expect(button('Add New Address')).toBeDisabled();
    await userEvent.click(button('Cancel'));
    expect(button('Remove address 1')).toBeEnabled();

    // A removal on its way: the rest waits for its answer (the Removes busy, keeping the focus).
    await userEvent.click(button('Remove address 1'));
    expect(button('Remove address 2')).toHaveAttribute('aria-disabled', 'true');
    expect(button('Edit address 2')).toBeDisabled();
    expect(button('Add New Address')).toBeDisabled();
    await userEvent.click(button('Remove address 2'));
    expect(own(fetch)).toHaveLength(1);
    answer(new Response());
    expect(await screen.findByText('Address removed')).toBeInTheDocument();
    expect(button('Remove address 1')).toBeEnabled();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });

  it('changes the password: form rules first, the server\'s field message, then success with the fields cleared', async () => {
    let answer: [number, object] = [400, { message: 'Current password is not correct', errors: { currentPassword: 'Current password is not correct' } }];
    const fetch = stubFetch({ 'POST /api/users/own/password': () => jsonResponse(answer[1], answer[0]) });
    render(user);
    const submit = screen.getByRole('button', { name: 'Change password' });
    await userEvent.click(submit);
    expect(await screen.findByText('Current password required')).toBeInTheDocument();
    expect(screen.getByText('New password required')).toBeInTheDocument();
    expect(own(fetch)).toEqual([]);

    await userEvent.type(screen.getByLabelText('Current password'), 'Wrong1234');
    await userEvent.type(screen.getByLabelText('New password'), 'Changed123');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Changed124');
    await userEvent.click(submit);
    expect(await screen.findByText('Password not matching')).toBeInTheDocument();
    expect(own(fetch)).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Changed123');
    await userEvent.click(submit);
    expect(await screen.findByText('Current password is not correct')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New password')).toHaveValue('Changed123');

    answer = [200, { message: 'Password changed' }];
    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'Right1234');
    await userEvent.click(submit);
    expect(await screen.findByText('Password changed. Your other devices are signed out.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(JSON.parse(String(own(fetch)[1][1]?.body))).toEqual({ currentPassword: 'Right1234', newPassword: 'Changed123', confirmPassword: 'Changed123' });
  });
});

describe('UserProfilePage membership', () => {
  it('shows the status; applies (a shop without a fee: a member at once), then leaves', async () => {
    const fetch = stubFetch({
      'POST /api/users/own/membership': () => jsonResponse({ ...user, member: true }),
      'DELETE /api/users/own/membership': () => jsonResponse({ ...user, member: false }),
    });
    const { store } = render({ ...user, member: false });
    const section = screen.getByRole('region', { name: 'Membership' });
    expect(section).toHaveTextContent('You are not a member.');
    await userEvent.click(screen.getByRole('button', { name: 'Apply for Membership' }));
    expect(await screen.findByText('You are a member: members’ offers apply at checkout.')).toBeInTheDocument();
    expect(store.getState().auth.loggedInUserToken?.member).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Leave membership' }));
    expect(await screen.findByText(/^You are not a member\./)).toBeInTheDocument();
    expect(own(fetch).map(([, init]) => init?.method)).toEqual(['POST', 'DELETE']);
  });
});
