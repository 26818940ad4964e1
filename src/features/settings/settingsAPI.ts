import { useCallback, useEffect, useState } from 'react';
import { apiClient } from '../../lib/apiClient';
import type { ShopContact, ShopSettings } from '../../domain/settings';

// GET /settings: the shop's own details (its contact), as an admin set them on Shop settings.
export const fetchSettings = () => apiClient.get<ShopSettings>('/settings');

export type SettingsState = { status: 'loading' } | { status: 'failed'; message: string; retry: () => void } | { status: 'ready'; contact: ShopContact };

/** The shop's contact details, loaded on mount; `retry` when they could not be. */
export function useShopContact(): SettingsState {
  const [state, setState] = useState<SettingsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    fetchSettings().then(
      (settings) => current && setState({ status: 'ready', contact: settings.contact }),
      (err: Error) => current && setState({ status: 'failed', message: err.message, retry }),
    );
    return () => {
      current = false;
    };
  }, [attempt, retry]);
  return state;
}
