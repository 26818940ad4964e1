import { ORDER_STATUSES } from '../../../domain/types';

/** An option per order status, for the back office's status selects. */
export default function StatusOptions() {
  return ORDER_STATUSES.map((status) => (
    <option key={status} value={status}>
      {status}
    </option>
  ));
}
