import { apiClient } from '../../../lib/apiClient';
import type { ShopContact, ShopSettings } from '../../../domain/settings';

// The shop's contact details and membership fee as the back office reads and sets them (never a cached copy).
export const fetchAdminSettings = () => apiClient.get<ShopSettings>('/admin/settings');
export const saveContact = (contact: ShopContact) => apiClient.patch<ShopSettings>('/admin/settings', { contact });
export const saveMembershipFee = (membershipFee: number) => apiClient.patch<ShopSettings>('/admin/settings', { membershipFee });
