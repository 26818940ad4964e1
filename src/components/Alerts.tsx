// The app's alerts: `useAppAlert().success(text)` / `.error(text)`, shown by react-alert
// (AlertHost.tsx). Its code (with react-transition-group) is fetched on the first alert, not on
// every first load; alerts raised meanwhile are queued and shown in order.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { AlertContainer } from 'react-alert';

type AlertType = 'success' | 'error';

export interface AppAlert {
  success: (message: string) => void;
  error: (message: string) => void;
}

const AppAlertContext = createContext<AppAlert | null>(null);

type Host = ComponentType<{ onReady: (alert: AlertContainer) => void }>;

export function AppAlertProvider({ children }: { children: ReactNode }) {
  const [AlertHost, setAlertHost] = useState<Host | null>(null);
  const container = useRef<AlertContainer | null>(null);
  const queue = useRef<{ message: string; type: AlertType }[]>([]);
  const fetching = useRef(false);

  const onReady = useCallback((alert: AlertContainer) => {
    container.current = alert;
    for (const { message, type } of queue.current.splice(0)) alert.show(message, { type });
  }, []);

  const api = useMemo<AppAlert>(() => {
    const show = (message: string, type: AlertType) => {
      if (container.current) return void container.current.show(message, { type });
      queue.current.push({ message, type });
      if (fetching.current) return;
      fetching.current = true;
      import('./AlertHost').then(
        (module) => setAlertHost(() => module.default),
        () => {
          // Not fetched (server down, a stale deploy): these alerts are lost, the next one tries
          // again. A page shows what went wrong in its own content too.
          queue.current = [];
          fetching.current = false;
        },
      );
    };
    return { success: (message) => show(message, 'success'), error: (message) => show(message, 'error') };
  }, []);

  return (
    <AppAlertContext.Provider value={api}>
      {children}
      {AlertHost && <AlertHost onReady={onReady} />}
    </AppAlertContext.Provider>
  );
}

export function useAppAlert(): AppAlert {
  const alert = useContext(AppAlertContext);
  if (!alert) throw new Error('useAppAlert needs an AppAlertProvider');
  return alert;
}
