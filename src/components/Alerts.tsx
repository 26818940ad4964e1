// The app's alerts: `useAppAlert().success(text)` / `.error(text)`. react-alert renders them
// (AlertHost.tsx), but its code (~5 kB gzip with react-transition-group) is fetched on the first
// alert, not on every first load; alerts raised meanwhile are queued and shown in order.
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { AlertContainer } from 'react-alert';
import { ALERT_TIMEOUT_MS } from '../lib/constants';

type AlertType = 'success' | 'error';

export interface AppAlert {
  success: (message: string) => void;
  error: (message: string) => void;
}

const AppAlertContext = createContext<AppAlert | null>(null);

type HostProps = { onReady: (alert: AlertContainer) => void };

/** When react-alert's chunk cannot be fetched (server down, stale deploy): plain alerts, same place. */
function FallbackHost({ onReady }: HostProps) {
  const [shown, setShown] = useState<{ id: number; message: string; type?: string }[]>([]);
  useEffect(() => {
    let next = 0;
    const show = (message: ReactNode, options?: { type?: string }) => {
      const id = next++;
      setShown((list) => [...list, { id, message: String(message), type: options?.type }]);
      setTimeout(() => setShown((list) => list.filter((a) => a.id !== id)), ALERT_TIMEOUT_MS);
    };
    onReady({ show } as unknown as AlertContainer);
  }, [onReady]);
  return (
    <div className="fixed inset-x-0 bottom-2 z-[100] flex flex-col items-center gap-2">
      {shown.map((a) => (
        <div
          key={a.id}
          role={a.type === 'error' ? 'alert' : 'status'}
          className={`rounded-md px-4 py-3 text-sm font-medium text-white shadow-lg ${a.type === 'error' ? 'bg-red-800' : 'bg-green-800'}`}
        >
          {a.message}
        </div>
      ))}
    </div>
  );
}

const AlertHost = lazy(() => import('./AlertHost').catch(() => ({ default: FallbackHost })));

export function AppAlertProvider({ children }: { children: ReactNode }) {
  const [hostWanted, setHostWanted] = useState(false);
  const container = useRef<AlertContainer | null>(null);
  const queue = useRef<{ message: string; type: AlertType }[]>([]);

  const onReady = useCallback((alert: AlertContainer) => {
    container.current = alert;
    for (const { message, type } of queue.current.splice(0)) alert.show(message, { type });
  }, []);

  const api = useMemo<AppAlert>(() => {
    const show = (message: string, type: AlertType) => {
      if (container.current) return void container.current.show(message, { type });
      queue.current.push({ message, type });
      setHostWanted(true);
    };
    return { success: (message) => show(message, 'success'), error: (message) => show(message, 'error') };
  }, []);

  return (
    <AppAlertContext.Provider value={api}>
      {children}
      {hostWanted && (
        <Suspense fallback={null}>
          <AlertHost onReady={onReady} />
        </Suspense>
      )}
    </AppAlertContext.Provider>
  );
}

export function useAppAlert(): AppAlert {
  const alert = useContext(AppAlertContext);
  if (!alert) throw new Error('useAppAlert needs an AppAlertProvider');
  return alert;
}
