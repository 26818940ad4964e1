import { ApiError, apiClient } from '../../lib/apiClient.ts';
import { CODE_REQUIRED, WRONG_CREDENTIALS } from '../../domain/constants.ts';
import type { User } from '../../domain/types';

export interface Credentials {
  email: string;
  password: string;
}

// POST /auth/signup: the response is the signed-in user (the server sets the session cookie).
export const createUser = (credentials: Credentials) =>
  apiClient.post<User>('/auth/signup', { ...credentials, addresses: [], role: 'user' });

// POST /auth/login. A refused sign-in reads 'Wrong Email or Password', whatever the
// server said; a throttled one (429), a network error and the request for a two-factor code
// (CODE_REQUIRED: the login page then asks for it) keep their own message.
export const loginUser = (credentials: Credentials) =>
  apiClient.post<User>('/auth/login', credentials).catch((error: unknown) => {
    if (error instanceof ApiError && (error.status === 401 || error.status === 400) && error.message !== CODE_REQUIRED) {
      throw new ApiError(error.status, WRONG_CREDENTIALS);
    }
    throw error;
  });

/** The session check every page starts with (src/main.tsx); the server preloads it. */
export const SESSION_CHECK_PATH = '/auth/check';

// GET /auth/check: 200 user while the session cookie is valid, else 401.
export const checkAuth = () => apiClient.get<User>(SESSION_CHECK_PATH);

// POST /auth/logout: ends the session on the server too (docs/decisions.md: sign-out calls the server).
// 401 means the session was already gone, which is what signing out wants.
export const signOut = () =>
  apiClient.post<unknown>('/auth/logout', {}).catch((error: unknown) => {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  });
