import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, sent, session, stubFetch, user } from '../../../../test/utils';
import TwoFactorSection from './TwoFactorSection';

afterEach(() => vi.unstubAllGlobals());

const SETUP = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Shop:x', qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pqr${'abcdefghij'[i]}`);

describe('TwoFactorSection', () => {
  it('turns on: QR code and key, the first code, then the recovery codes once', async () => {
    const fetch = stubFetch({
      'POST /api/users/own/2fa': () => jsonResponse(SETUP),
      'POST /api/users/own/2fa/confirm': ({ body }) =>
        (body as { code: string }).code === '123456'
          ? jsonResponse({ recoveryCodes: CODES })
          : jsonResponse({ message: 'Wrong', errors: { code: 'That code is not right: enter the code your app shows now' } }, 400),
      'GET /api/users/own': () => jsonResponse({ ...user, twoFactorEnabled: true }),
    });
    const { store } = renderWithProviders(<TwoFactorSection enabled={false} />, { preloadedState: session(user) });
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));

    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute('src', SETUP.qrCode);
    expect(screen.getByText(SETUP.secret)).toBeInTheDocument();
    const field = screen.getByLabelText('Authentication code');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));
    expect(field).toHaveAccessibleDescription('Enter the 6-digit code your app shows');

    await userEvent.type(field, '654321{Enter}');
    expect(await screen.findByText(/not right/)).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and turn on' }));

    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(screen.getByText(/shown only now/)).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/users/own/2fa/confirm')).toEqual([{ code: '654321' }, { code: '123456' }]);
    await vi.waitFor(() => expect(store.getState().auth.loggedInUserToken?.twoFactorEnabled).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says why a setup could not start', async () => {
    stubFetch({ 'POST /api/users/own/2fa': () => jsonResponse({ message: 'Two-factor sign-in is already on' }, 409) });
    renderWithProviders(<TwoFactorSection enabled={false} />, { preloadedState: session(user) });
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Two-factor sign-in is already on');
  });

  it('turns off with the password and a code; a refused field is named under it', async () => {
    const fetch = stubFetch({
      'DELETE /api/users/own/2fa': ({ body }) =>
        (body as { password: string }).password === 'Right1234'
          ? jsonResponse({ ...user, twoFactorEnabled: false })
          : jsonResponse({ message: 'Wrong current password', errors: { password: 'Wrong current password' } }, 400),
    });
    const { store } = renderWithProviders(<TwoFactorSection enabled />, { preloadedState: session({ ...user, twoFactorEnabled: true }) });
    const form = screen.getByRole('form', { name: 'Turn off two-factor sign-in' });
    await userEvent.click(within(form).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(within(form).getByLabelText('Password')).toHaveAccessibleDescription('Password required');
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.type(within(form).getByLabelText('Password'), 'Wrong1234');
    await userEvent.type(within(form).getByLabelText('Authentication code'), '123456');
    await userEvent.click(within(form).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await within(form).findByText('Wrong current password')).toBeInTheDocument();

    await userEvent.clear(within(form).getByLabelText('Password'));
    await userEvent.type(within(form).getByLabelText('Password'), 'Right1234');
    await userEvent.click(within(form).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await vi.waitFor(() => expect(store.getState().auth.loggedInUserToken?.twoFactorEnabled).toBe(false));
    expect(sent(fetch, 'DELETE /api/users/own/2fa')).toEqual([
      { password: 'Wrong1234', code: '123456' },
      { password: 'Right1234', code: '123456' },
    ]);
  });
});
