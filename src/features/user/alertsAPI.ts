// The shopper's alert mail switch: price drops of wishlist items and back-in-stock alerts.
import type { User } from '../../domain/types';
import { apiClient } from '../../lib/apiClient';

// PUT /users/own/alerts {alerts} (signed in): the user as it is now
export const setAlerts = (alerts: boolean) => apiClient.put<User>('/users/own/alerts', { alerts });
