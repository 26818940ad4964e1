import type { OrderStatus } from '../domain/types';

// Dark text on a light tint: each pair passes WCAG AA contrast.
const COLOURS: Record<OrderStatus, string> = {
  pending: 'bg-purple-100 text-purple-800',
  dispatched: 'bg-yellow-100 text-yellow-800',
  delivered: 'bg-green-100 text-green-800',
  cancelled: 'bg-red-100 text-red-800',
};

export default function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-3 py-1 text-xs font-medium capitalize ${COLOURS[status] ?? 'bg-gray-100 text-gray-800'}`}
    >
      {status}
    </span>
  );
}
