import { useState, type Ref } from 'react';
import { useAppAlert } from '../../../components/Alerts';
import { formatMoney } from '../../../domain/checkout';
import type { MembershipLine } from '../../../domain/membership';
import { useAppDispatch } from '../../../lib/hooks';
import type { RejectValue } from '../../../lib/thunk';
import { removeMembershipAsync } from '../cartSlice';

/**
 * The cart's membership line (the checkout's too): a year of the members' offers at the shop's fee,
 * its own line (never discounted, never taxed), and a way to take it out.
 */
export default function MembershipCartLine({ line, removeRef }: { line: MembershipLine; removeRef?: Ref<HTMLButtonElement> }) {
  const dispatch = useAppDispatch();
  const alert = useAppAlert();
  const [busy, setBusy] = useState(false);

  async function remove() {
    setBusy(true);
    try {
      await dispatch(removeMembershipAsync()).unwrap();
    } catch (rejected) {
      alert.error(`Could not remove the membership: ${(rejected as RejectValue).message}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div data-testid="membership-line" className="flex gap-4 border-t border-gray-200 py-6">
      <div className="flex flex-1 flex-col">
        <div className="flex justify-between gap-4 text-base font-medium text-gray-900">
          <h3>{line.title}</h3>
          <p className="shrink-0">{formatMoney(line.price)}</p>
        </div>
        <p className="mt-1 text-sm text-gray-600">The members’ offers apply to this order. Not discounted, not taxed.</p>
        <div className="mt-3 flex justify-end text-sm">
          <button
            ref={removeRef}
            type="button"
            disabled={busy}
            aria-label={`Remove ${line.title}`}
            onClick={() => void remove()}
            className="font-medium text-brand-700 hover:text-brand-500 disabled:opacity-60"
          >
            {busy ? 'Removing…' : 'Remove'}
          </button>
        </div>
      </div>
    </div>
  );
}
