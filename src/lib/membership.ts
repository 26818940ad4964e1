// Joining or leaving membership (the banner's offer), for the pages that are not in the first load;
// the home page's banner calls the API client itself, so this is no chunk of the signed-in first load.
import type { User } from '../domain/types';
import { apiClient } from './apiClient';

/** POST (join) or DELETE (leave) /users/own/membership: the user as it is now. */
export const setMembership = (join: boolean) =>
  join ? apiClient.post<User>('/users/own/membership', {}) : apiClient.delete<User>('/users/own/membership');
