import { apiClient } from '../../lib/apiClient.ts';

// POST /auth/verify: 200 once the account's address is confirmed; 400 with a message for an
// unknown, used or expired link. Anyone may send it: the token is the proof.
export const verifyEmail = (token: string) => apiClient.post<{ message: string }>('/auth/verify', { token });

// POST /auth/verify/resend (signed in): 202, a new link is on its way; 409 once verified, 429
// after a few in an hour.
export const resendVerification = () => apiClient.post<{ message: string }>('/auth/verify/resend', {});
