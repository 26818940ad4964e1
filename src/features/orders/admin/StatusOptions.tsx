import { ORDER_STATUSES, type OrderStatus } from '../../../domain/types';

/**
 * An option per order status, for the back office's status selects. `refused`: a status the
 * server would refuse, shown disabled (the select says why beside it).
 */
export default function StatusOptions({ refused }: { refused?: OrderStatus }) {
  return ORDER_STATUSES.map((status) => (
    <option key={status} value={status} disabled={status === refused}>
      {status}
    </option>
  ));
}
