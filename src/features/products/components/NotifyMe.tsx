import { useEffect, useState } from 'react';
import { useFocusAfter } from '../../../lib/useFocusAfter';
import { Link } from 'react-router-dom';
import { useAppAlert } from '../../../components/Alerts';
import { buttonClass } from '../../../components/controls';
import { useAppSelector } from '../../../lib/hooks';
import { selectLoggedInUser } from '../../../lib/session';
import { createStockAlert, deleteStockAlert, fetchStockAlerts, findAlert, type StockAlert } from '../stockAlertsAPI';

interface NotifyMeProps {
  product: { id: number };
  /** The sold-out variant; null: the product as a whole. */
  variant: number | null;
}

/**
 * "Notify me when back in stock" under a sold-out choice: once asked for, it says so and offers
 * cancelling. Whether it was asked for already is read from the shopper's own alerts.
 */
export default function NotifyMe({ product, variant }: NotifyMeProps) {
  const alert = useAppAlert();
  const user = useAppSelector(selectLoggedInUser);
  const [alerts, setAlerts] = useState<StockAlert[] | null>(null);
  const [busy, setBusy] = useState(false);
  // The button pressed is replaced by the other one: the focus goes to it.
  const [button, refocus] = useFocusAfter<HTMLButtonElement>();

  useEffect(() => {
    let current = true;
    fetchStockAlerts().then(
      (list) => current && setAlerts(list),
      // Not known: the button is offered, and the server answers 409 when it was asked for already.
      () => current && setAlerts([]),
    );
    return () => {
      current = false;
    };
  }, []);

  const subscribed = alerts ? findAlert(alerts, product.id, variant) : undefined;

  async function subscribe() {
    setBusy(true);
    try {
      const created = await createStockAlert(product.id, variant);
      setAlerts((list) => [...(list ?? []), created]);
    } catch (failure) {
      alert.error(`Could not set the alert: ${(failure as Error).message}`);
      fetchStockAlerts().then(setAlerts, () => undefined);
    } finally {
      setBusy(false);
      refocus();
    }
  }

  async function cancel(id: number) {
    setBusy(true);
    try {
      await deleteStockAlert(id);
      setAlerts((list) => (list ?? []).filter((a) => a.id !== id));
      alert.success('Alert cancelled');
    } catch (failure) {
      alert.error(`Could not cancel the alert: ${(failure as Error).message}`);
    } finally {
      setBusy(false);
      refocus();
    }
  }

  return (
    <div className="mt-4 rounded-md border border-gray-200 p-3" aria-live="polite">
      {subscribed ? (
        <>
          <p className="text-sm font-medium text-gray-900">We’ll email you when it’s back.</p>
          {user?.alerts === false && (
            <p className="mt-1 text-sm text-gray-700">
              Alert emails are turned off in <Link to="/profile" className="font-medium text-brand-700 underline">My Profile</Link>.
            </p>
          )}
          <button
            ref={button}
            type="button"
            disabled={busy}
            onClick={() => void cancel(subscribed.id)}
            className={buttonClass('secondary', 'sm', 'mt-2')}
          >
            Cancel alert
          </button>
        </>
      ) : (
        <button
          ref={button}
          type="button"
          disabled={busy || alerts === null}
          onClick={() => void subscribe()}
          className={buttonClass('secondary', 'md', 'w-full')}
        >
          Notify me when back in stock
        </button>
      )}
    </div>
  );
}
