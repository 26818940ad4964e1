import { useEffect, useRef, useState } from 'react';
import { useAppAlert } from '../../../components/Alerts';
import ConfirmedAction from '../../../components/ConfirmedAction';
import { Button } from '../../../components/controls';
import { formatMoney } from '../../../domain/checkout';
import { RETURN_STATUS_LABELS, type OrderReturn, type ReturnStep } from '../../../domain/returns';
import type { Order } from '../../../domain/types';
import ReturnList from '../../../components/ReturnList';
import { stepReturn } from './returnsAPI';
import { returnLineText } from '../../../domain/returnText';
import { usePermission } from '../../../lib/usePermission';
import { focusSoon } from '../../../lib/useFocusNeighbour';

interface StepsProps {
  order: Order;
  ret: OrderReturn;
  onChanged: (order: Order) => void;
  /** A step is taken: the focus then goes to the return's next step. */
  onStepped: () => void;
}

/** The next steps of one return: Approve / Reject, Mark received (with the damaged lines), Refund $X. */
function ReturnSteps({ order, ret, onChanged, onStepped }: StepsProps) {
  const alert = useAppAlert();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [damaged, setDamaged] = useState<number[]>([]);
  const name = `return #${ret.id}`;
  // A refund is the refunds permission's (admins): fulfilment staff take a return up to received.
  const mayRefund = usePermission('refunds');

  async function take(step: ReturnStep, { rethrow = false } = {}) {
    setBusy(true);
    setError(null);
    try {
      const changed = await stepReturn(order.id, ret.id, step);
      onStepped();
      onChanged(changed);
      const now = changed.returns?.find((r) => r.id === ret.id)?.status ?? step.status;
      alert.success(`Return #${ret.id} is ${RETURN_STATUS_LABELS[now].toLowerCase()}`);
    } catch (failed) {
      if (rethrow) {
        setBusy(false);
        throw failed;
      }
      setError(`Return #${ret.id} could not be ${RETURN_STATUS_LABELS[step.status].toLowerCase()}: ${(failed as Error).message}`);
    }
    setBusy(false);
  }

  const fieldset = `return-${ret.id}-damaged`;
  return (
    <div id={stepsId(ret.id)} className="mt-3 border-t border-gray-200 pt-3">
      {ret.status === 'requested' && (
        <div className="flex flex-wrap gap-3">
          <Button look="primary" size="sm" busy={busy} aria-label={`Approve ${name}`} onClick={() => void take({ status: 'approved' })}>
            Approve
          </Button>
          <ConfirmedAction
            label="Reject"
            aria-label={`Reject ${name}`}
            busyLabel="Rejecting…"
            question={{
              title: `Reject return #${ret.id}?`,
              message: 'The customer keeps the items and gets no refund; the units can be returned again.',
              confirmLabel: 'Reject return',
              cancelLabel: 'Keep it',
            }}
            run={() => take({ status: 'rejected' }, { rethrow: true })}
            failed={(message) => `Return #${ret.id} could not be rejected: ${message}`}
          />
        </div>
      )}
      {ret.status === 'approved' && (
        <>
          <fieldset>
            <legend className="text-sm font-medium text-gray-900">Damaged (not put back in stock)</legend>
            <div className="mt-1 space-y-1">
              {ret.items.map((line) => {
                const id = `${fieldset}-${line.line}`;
                return (
                  <div key={line.line} className="flex items-center gap-2">
                    <input
                      id={id}
                      type="checkbox"
                      className="size-4 rounded border-gray-400 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                      checked={damaged.includes(line.line)}
                      disabled={busy}
                      onChange={(event) =>
                        setDamaged(event.target.checked ? [...damaged, line.line] : damaged.filter((l) => l !== line.line))
                      }
                    />
                    <label htmlFor={id} className="text-sm text-gray-900">
                      {returnLineText(order, line)} damaged
                    </label>
                  </div>
                );
              })}
            </div>
          </fieldset>
          <Button
            look="primary"
            size="sm"
            className="mt-3"
            busy={busy}
            aria-label={`Mark ${name} received`}
            onClick={() => void take({ status: 'received', damaged })}
          >
            {busy ? 'Saving…' : 'Mark received'}
          </Button>
        </>
      )}
      {ret.status === 'received' && ret.refund && mayRefund && (
        <ConfirmedAction
          look="primary"
          label={`Refund ${formatMoney(ret.refund.amount)}`}
          aria-label={`Refund ${formatMoney(ret.refund.amount)} for ${name}`}
          busyLabel="Refunding…"
          question={{
            title: `Refund ${formatMoney(ret.refund.amount)} for return #${ret.id}?`,
            message:
              ret.refund.method === 'card'
                ? 'The amount goes back to the card the order was paid with. This cannot be undone.'
                : 'Pay the amount back to the customer in cash. This cannot be undone.',
            confirmLabel: `Refund ${formatMoney(ret.refund.amount)}`,
            cancelLabel: 'Not now',
          }}
          run={() => take({ status: 'refunded' }, { rethrow: true })}
          failed={(message) => `Return #${ret.id} could not be refunded: ${message}`}
        />
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const stepsId = (id: number) => `return-${id}-steps`;

/**
 * The back office's returns of an order (/admin/orders/:id): each return's lines, reason, status
 * and refund, and the buttons of its next step (PATCH /orders/:id/returns/:returnId).
 */
export default function AdminReturns({ order, onChanged }: { order: Order; onChanged: (order: Order) => void }) {
  const returns = order.returns ?? [];
  const mayStep = usePermission('returns');
  // A step's button goes with the step (a disabled one would drop the focus too): the focus goes
  // to the first control of the return's next step, or to the return's title when none is left.
  const stepped = useRef<number | null>(null);
  useEffect(() => {
    const id = stepped.current;
    if (id === null) return;
    stepped.current = null;
    focusSoon(
      () =>
        document.querySelector<HTMLElement>(`#${stepsId(id)} :is(button, input):not([disabled])`) ?? document.getElementById(`return-${id}-title`),
    );
  }, [order]);
  return (
    <section aria-labelledby="returns-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6">
      <h2 id="returns-heading" className="text-lg font-semibold text-gray-900">
        Returns
      </h2>
      {returns.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">No returns asked for.</p>
      ) : (
        <ReturnList
          order={order}
          reader="admin"
          actions={(ret) =>
            !mayStep || ret.status === 'rejected' || ret.status === 'refunded' ? null : <ReturnSteps order={order} ret={ret} onChanged={onChanged} onStepped={() => (stepped.current = ret.id)} />
          }
        />
      )}
      {(order.refunded ?? 0) > 0 && (
        <p className="mt-3 text-sm font-semibold text-gray-900">Refunded {formatMoney(order.refunded ?? 0)}</p>
      )}
    </section>
  );
}
