import { apiClient } from '../../lib/apiClient';
import type { User } from '../../types';

export interface Credentials {
  email: string;
  password: string;
}

export interface NewUser extends Credentials {
  addresses: [];
  role: 'user';
}

// POST /auth/signup: the response is the signed-in user (the server sets the session cookie).
export const createUser = (user: NewUser) => apiClient.post<User>('/auth/signup', user);

// POST /auth/login
export const loginUser = (credentials: Credentials) => apiClient.post<User>('/auth/login', credentials);

// GET /auth/check: 200 user while the session cookie is valid, else 401.
export const checkAuth = () => apiClient.get<User>('/auth/check');

// POST /auth/logout: ends the session on the server too (the spec's sign-out makes no call).
export const signOut = () => apiClient.post<{ message?: string }>('/auth/logout', {});
