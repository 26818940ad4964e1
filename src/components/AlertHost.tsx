// react-alert, wired for React 19: it ignores the library's defaultProps, so the provider gets every
// option explicitly and its own context. Loaded on the first alert (see Alerts.tsx).
import { CheckCircleIcon, ExclamationCircleIcon, InformationCircleIcon, XMarkIcon } from '@heroicons/react/20/solid';
import { createContext, useEffect } from 'react';
import {
  Provider as AlertProvider,
  positions,
  transitions,
  types,
  useAlert,
  type AlertContainer,
  type AlertTemplateProps,
} from 'react-alert';
import { ALERT_TIMEOUT_MS } from '../domain/constants';

const AlertContext = createContext<AlertContainer>(null as unknown as AlertContainer);

const looks = {
  success: { className: 'bg-green-800', Icon: CheckCircleIcon },
  error: { className: 'bg-red-800', Icon: ExclamationCircleIcon },
  info: { className: 'bg-gray-900', Icon: InformationCircleIcon },
} as const;

function AlertTemplate({ message, options, close, style }: AlertTemplateProps) {
  const { className, Icon } = looks[options.type ?? 'info'];
  return (
    <div
      role={options.type === 'error' ? 'alert' : 'status'}
      style={style}
      className={`flex max-w-[calc(100vw-2rem)] items-center gap-3 rounded-md px-4 py-3 text-sm font-medium text-white shadow-lg ${className}`}
    >
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      <span>{message}</span>
      <button
        type="button"
        onClick={close}
        className="ml-2 rounded p-1 hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
      >
        <span className="sr-only">Dismiss</span>
        <XMarkIcon aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/** Hands react-alert's container to Alerts.tsx once it exists. */
function Bridge({ onReady }: { onReady: (alert: AlertContainer) => void }) {
  const alert = useAlert(AlertContext);
  useEffect(() => onReady(alert), [alert, onReady]);
  return null;
}

/** Alerts at the bottom center for 5000 ms. */
export default function AlertHost({ onReady }: { onReady: (alert: AlertContainer) => void }) {
  return (
    <AlertProvider
      template={AlertTemplate}
      position={positions.BOTTOM_CENTER}
      timeout={ALERT_TIMEOUT_MS}
      offset="10px"
      transition={transitions.FADE}
      type={types.INFO}
      containerStyle={{ zIndex: 100 }}
      context={AlertContext}
    >
      <Bridge onReady={onReady} />
    </AlertProvider>
  );
}
