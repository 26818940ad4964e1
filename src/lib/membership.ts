// Membership (the banner's offer): what the banner announces and joining or leaving, for the home
// page's banner and the profile page alike. Kept tiny: the banner is in the signed-in first load.
import type { BannerPromotion } from '../domain/checkout';
import type { User } from '../domain/types';
import { apiClient } from './apiClient';

/** GET /promotions/banner: the active automatic promotion, or null when none is on (204). */
export const fetchBanner = () => apiClient.get<BannerPromotion | undefined>('/promotions/banner').then((p) => p ?? null);

/** POST (join) or DELETE (leave) /users/own/membership: the user as it is now. */
export const setMembership = (join: boolean) =>
  join ? apiClient.post<User>('/users/own/membership', {}) : apiClient.delete<User>('/users/own/membership');
