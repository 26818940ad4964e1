import { apiClient } from '../../../lib/apiClient';
import type { ShopContact, ShopSettings } from '../../../domain/settings';

// The shop's contact details as the back office reads and sets them (never a cached copy).
export const fetchAdminSettings = () => apiClient.get<ShopSettings>('/admin/settings');
export const saveContact = (contact: ShopContact) => apiClient.patch<ShopSettings>('/admin/settings', { contact });
