import { useCallback, useState } from 'react';
import type { Order } from '../../../domain/types';
import { cancelRefunds, type RefundFact } from './paidCancel';

const factsOf = (orders: readonly Order[]): RefundFact[] => orders.map((o) => ({ id: o.id, refunds: cancelRefunds(o) }));
const withFacts = (known: ReadonlyMap<number, boolean>, facts: readonly RefundFact[]) =>
  new Map([...known, ...facts.map((f): [number, boolean] => [f.id, f.refunds])]);

/**
 * Which orders cancelling would give money back, of every order the list has shown (`shown`, the
 * page: a ticked order was shown when it was ticked, and the page as it is now wins) and every one
 * `note` was given ("select all matching"). The bulk bar names the ticked ones it may not cancel.
 */
export function useRefundingOrders(shown: readonly Order[]) {
  const [known, setKnown] = useState<ReadonlyMap<number, boolean>>(() => withFacts(new Map(), factsOf(shown)));
  const [from, setFrom] = useState(shown);
  if (from !== shown) {
    setFrom(shown);
    setKnown(withFacts(known, factsOf(shown)));
  }
  const note = useCallback((facts: readonly RefundFact[]) => setKnown((k) => withFacts(k, facts)), []);
  const refunds = useCallback((id: number) => known.get(id) === true, [known]);
  return { refunds, note };
}
