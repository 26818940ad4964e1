// The app's alerts: `useAppAlert().success(text)` / `.error(text)`, shown by react-alert
// (AlertHost.tsx). Its code (with react-transition-group) is fetched on the first alert, not on
// every first load; alerts raised meanwhile are queued and shown in order. When that code cannot
// be fetched (the server is down: the alert is often about just that), they show as plain text
// instead, and the next alert tries the fetch again.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { AlertContainer } from 'react-alert';
import { ALERT_TIMEOUT_MS } from '../domain/constants';
import { importAgain } from '../lib/importAgain';

type AlertType = 'success' | 'error';

export interface AppAlert {
  success: (message: string) => void;
  error: (message: string) => void;
}

const AppAlertContext = createContext<AppAlert | null>(null);

type Host = ComponentType<{ onReady: (alert: AlertContainer) => void }>;
type Queued = { message: string; type: AlertType };

const loadHost = importAgain(() => import('./AlertHost'));

/** Alerts whose host could not be fetched: plain text at the bottom, for as long as react-alert's. */
function PlainAlerts({ alerts, onDone }: { alerts: Queued[]; onDone: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onDone, ALERT_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [alerts, onDone]);
  return (
    <div className="fixed inset-x-4 bottom-4 z-[100] flex flex-col items-center gap-2">
      {alerts.map(({ message, type }, i) => (
        <p key={i} role={type === 'error' ? 'alert' : 'status'} className={`rounded-md px-4 py-3 text-sm font-medium text-white shadow-lg ${type === 'error' ? 'bg-red-800' : 'bg-green-800'}`}>
          {message}
        </p>
      ))}
    </div>
  );
}

export function AppAlertProvider({ children }: { children: ReactNode }) {
  const [AlertHost, setAlertHost] = useState<Host | null>(null);
  const container = useRef<AlertContainer | null>(null);
  const queue = useRef<Queued[]>([]);
  const fetching = useRef(false);
  const [plain, setPlain] = useState<Queued[]>([]);
  const clearPlain = useCallback(() => setPlain([]), []);

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
      loadHost().then(
        (module) => setAlertHost(() => module.default),
        () => {
          // Not fetched (server down, a stale deploy): these show as plain text; the next one tries again.
          const unshown = queue.current.splice(0);
          setPlain((shown) => [...shown, ...unshown]);
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
      {plain.length > 0 && <PlainAlerts alerts={plain} onDone={clearPlain} />}
    </AppAlertContext.Provider>
  );
}

export function useAppAlert(): AppAlert {
  const alert = useContext(AppAlertContext);
  if (!alert) throw new Error('useAppAlert needs an AppAlertProvider');
  return alert;
}
