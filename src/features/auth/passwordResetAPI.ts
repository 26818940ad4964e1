import { apiClient } from '../../lib/apiClient.ts';

// POST /auth/forgot: 202 with the same neutral message whether or not the address has an account.
export const requestPasswordReset = (email: string) => apiClient.post<{ message: string }>('/auth/forgot', { email });

// POST /auth/reset: 200 once the password is set (every session of the account ends); 400 with
// `errors.password` for a password against the rule, or a message for a used or expired link.
export const resetPassword = (token: string, password: string) => apiClient.post<{ message: string }>('/auth/reset', { token, password });
