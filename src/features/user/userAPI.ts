import { apiClient } from '../../lib/apiClient';
import type { Address, User } from '../../domain/types';

export interface UserUpdate {
  id: number;
  name?: string;
  addresses: Address[];
}

// GET /users/own
export const fetchLoggedInUser = () => apiClient.get<User>('/users/own');

// PATCH /users/{id}: always with the complete address list (add, edit and remove alike).
export const updateUser = (update: UserUpdate) => apiClient.patch<User>(`/users/${update.id}`, update);

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

// POST /users/own/password: every other session of the user ends, this one stays.
export const changePassword = (change: PasswordChange) => apiClient.post<{ message: string }>('/users/own/password', change);
