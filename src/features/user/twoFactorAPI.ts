// Two-factor sign-in of the signed-in user: start a setup, confirm it with a first code, turn it off.
import type { TwoFactorSetup, User } from '../../domain/types';
import { apiClient } from '../../lib/apiClient';

// POST /users/own/2fa: a new secret and its QR code (not in use until confirmed)
export const startTwoFactor = () => apiClient.post<TwoFactorSetup>('/users/own/2fa', {});

// POST /users/own/2fa/confirm {code}: turns it on; the recovery codes, shown this once
export const confirmTwoFactor = (code: string) => apiClient.post<{ recoveryCodes: string[] }>('/users/own/2fa/confirm', { code });

// DELETE /users/own/2fa {password, code}: turns it off; the user after it
export const disableTwoFactor = (password: string, code: string) => apiClient.delete<User>('/users/own/2fa', { password, code });

// GET /users/own: the user as it is now (2FA on after a confirm)
export const ownUser = () => apiClient.get<User>('/users/own');
