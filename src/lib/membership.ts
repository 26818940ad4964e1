// Joining or leaving membership, for the pages that are not in the first load; the home page's
// banner calls the API client itself, so this is no chunk of the signed-in first load.
import type { User } from '../domain/types';
import type { ShopSettings } from '../domain/settings';
import { isMembershipLine, type MembershipLine } from '../domain/membership';
import { apiClient } from './apiClient';

/**
 * POST /users/own/membership: the membership line put in the cart (201), or the user when the shop
 * charges no fee (200: a member at once).
 */
export const joinMembership = (): Promise<{ line: MembershipLine } | { user: User }> =>
  apiClient.post<MembershipLine | User>('/users/own/membership', {}).then((answer) => (isMembershipLine(answer) ? { line: answer } : { user: answer }));

/** DELETE /users/own/membership: a paid term stops renewing (a member until it ends); any other membership ends. The user after it. */
export const leaveMembership = () => apiClient.delete<User>('/users/own/membership');

/** GET /settings: the membership fee in dollars a year (0: membership is free). */
export const fetchMembershipFee = () => apiClient.get<ShopSettings>('/settings').then((s) => s.membershipFee);
