import { useEffect, useRef, useState } from 'react';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { Button, Select } from '../../../components/controls';
import { useAppDispatch } from '../../../lib/hooks';
import type { RejectValue } from '../../../lib/thunk';
import type { Order, OrderStatus } from '../../../domain/types';
import { useFocusAfter } from '../../../lib/useFocusAfter';
import { usePermission } from '../../../lib/usePermission';
import StatusOptions from './StatusOptions';
import type { OrdersQuery } from '../ordersQuery';
import { fetchMatchingOrdersAsync, setStatusesAsync, summarize, type BulkSummary } from './bulkStatus';
import { paidRefusal } from './paidCancel';
import type { OrderSelection } from './useOrderSelection';
import { useRefundingOrders } from './useRefundingOrders';

interface BulkStatusBarProps {
  query: OrdersQuery;
  selection: OrderSelection;
  /** The orders of the page shown (what the bar knows of the ticked ones: whether they are paid). */
  orders: readonly Order[];
  /** Orders the filters select (X-Total-Count). */
  total: number;
  /** Called after a change was applied: the page is fetched again. */
  onApplied: () => void;
}

const plural = (n: number) => `${n} ${n === 1 ? 'order' : 'orders'}`;

/**
 * The bulk status change: what is ticked, "Select all N matching orders", a status and Apply. Staff
 * without the refunds permission cannot cancel paid orders: Apply waits, naming them, until they
 * are unticked.
 */
export default function BulkStatusBar({ query, selection, orders, total, onApplied }: BulkStatusBarProps) {
  const dispatch = useAppDispatch();
  const [target, setTarget] = useState<OrderStatus | ''>('');
  const [busy, setBusy] = useState<'selecting' | 'applying' | null>(null);
  const [asking, setAsking] = useState(false);
  const [summary, setSummary] = useState<BulkSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  const count = selection.ids.size;
  const mayRefund = usePermission('refunds');
  const known = useRefundingOrders(orders);
  const paid = target === 'cancelled' && !mayRefund ? [...selection.ids].filter(known.refunds) : [];
  // 'Untick them' goes once pressed: the focus goes to Apply, which the others are left to.
  const [applyButton, refocus] = useFocusAfter<HTMLButtonElement>();

  // The Apply button is disabled once its orders are done: focus goes to what happened instead.
  useEffect(() => {
    if (summary) summaryRef.current?.focus();
  }, [summary]);
  const filtered = Boolean(query.status || query.user || query.q || query.from || query.to);

  async function selectAllMatching() {
    setBusy('selecting');
    setError(null);
    try {
      const found = await dispatch(fetchMatchingOrdersAsync(query)).unwrap();
      known.note(found);
      selection.replace(found.map((order) => order.id));
    } catch (rejected) {
      setError(`The matching orders could not be selected: ${(rejected as RejectValue).message}`);
    }
    setBusy(null);
  }

  async function apply() {
    if (!target) return;
    setAsking(false);
    setBusy('applying');
    setError(null);
    setSummary(null);
    try {
      const result = summarize(await dispatch(setStatusesAsync({ ids: [...selection.ids], status: target })).unwrap());
      // Failed orders stay ticked, so the admin can fix their cause and apply again.
      selection.set(result.updated, false);
      setSummary(result);
      onApplied();
    } catch (rejected) {
      // A refusal changes nothing, but a lost answer or a later chunk's failure may follow changes
      // already made: the page is fetched again, so the table shows each order as it now is.
      setError(`The status change did not go through: ${(rejected as RejectValue).message}`);
      onApplied();
    }
    setBusy(null);
  }

  return (
    <section aria-label="Change the status of several orders" className="mt-6 rounded-lg bg-gray-50 p-4 ring-1 ring-gray-900/5">
      <div className="flex flex-wrap items-end gap-3">
        <p className="mr-auto text-sm text-gray-900">
          <span className="font-medium">{count === 0 ? 'No orders selected' : `${plural(count)} selected`}</span>
          {count > 0 && (
            <Button look="link" size="sm" className="ml-2" onClick={selection.clear} disabled={busy !== null}>
              Clear selection
            </Button>
          )}
          {filtered && total > 0 && count < total && (
            <Button look="link" size="sm" className="ml-2" onClick={selectAllMatching} disabled={busy !== null}>
              {busy === 'selecting' ? 'Selecting…' : `Select all ${plural(total)} matching`}
            </Button>
          )}
        </p>
        <div>
          <label htmlFor="bulk-status" className="block text-sm font-medium text-gray-900">
            New status
          </label>
          <Select
            compact
            id="bulk-status"
            value={target}
            onChange={(event) => setTarget(event.target.value as OrderStatus | '')}
            className="mt-1 capitalize"
          >
            <option value="">Choose a status</option>
            <StatusOptions />
          </Select>
        </div>
        <Button
          ref={applyButton}
          disabled={count === 0 || !target || busy !== null || paid.length > 0}
          aria-describedby={paid.length > 0 ? 'bulk-paid' : undefined}
          onClick={() => (target === 'cancelled' ? setAsking(true) : apply())}
        >
          {busy === 'applying' ? 'Applying…' : 'Apply'}
        </Button>
      </div>
      {paid.length > 0 && (
        <p className="mt-3 text-sm text-gray-700">
          <span id="bulk-paid">{paidRefusal(paid)}</span>
          {paid.length < count && (
            <Button
              look="link"
              size="sm"
              className="ml-2"
              onClick={() => {
                selection.set(paid, false);
                refocus();
              }}
            >
              {`Untick ${paid.length === 1 ? 'it' : 'them'} to cancel the others`}
            </Button>
          )}
        </p>
      )}
      <div role="status" aria-live="polite" className="text-sm">
        {summary && (
          <p
            ref={summaryRef}
            tabIndex={-1}
            className={`mt-3 rounded ${summary.failed.length > 0 ? 'text-red-800' : 'text-green-800'} focus-visible:outline-2 focus-visible:outline-brand-600`}
          >
            {summary.text}
          </p>
        )}
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title={`Cancel ${plural(count)}?`}
        message="Their stock goes back on sale. Moving them out of cancelled later takes it again, if there is enough."
        confirmLabel={`Cancel ${plural(count)}`}
        cancelLabel="Keep them"
        onConfirm={apply}
        onCancel={() => setAsking(false)}
      />
    </section>
  );
}
