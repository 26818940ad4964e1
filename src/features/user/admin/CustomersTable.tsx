import { Link } from 'react-router-dom';
import { formatMoney } from '../../../domain/checkout';
import type { Customer } from '../../../domain/backOffice';
import { utcDay } from '../../../lib/utcTime';

const th = 'px-4 py-3';
const td = 'px-4 py-3 whitespace-nowrap';

/** Email, whether it is confirmed, name, role, orders (one click to the customer's orders), total spent, last order. */
export default function CustomersTable({ customers }: { customers: Customer[] }) {
  return (
    <table className="min-w-full divide-y divide-gray-300 text-left text-sm">
      <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-700 uppercase">
        <tr>
          <th scope="col" className={th}>
            Email
          </th>
          <th scope="col" className={th}>
            Verified
          </th>
          <th scope="col" className={th}>
            Name
          </th>
          <th scope="col" className={th}>
            Role
          </th>
          <th scope="col" className={`${th} text-right`}>
            Orders
          </th>
          <th scope="col" className={`${th} text-right`}>
            Total spent
          </th>
          <th scope="col" className={th}>
            Last order
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-200 bg-white">
        {customers.map((customer) => (
          <tr key={customer.id}>
            <th scope="row" className={`${td} font-medium text-gray-900`}>
              {customer.email}
            </th>
            <td className={td}>
              {customer.verified ? (
                <span className="inline-flex items-center rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800 ring-1 ring-green-600/20 ring-inset">
                  Verified
                </span>
              ) : (
                <span className="inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-600/20 ring-inset">
                  Not verified
                </span>
              )}
            </td>
            <td className={td}>{customer.name || <span className="text-gray-600">—</span>}</td>
            <td className={`${td} capitalize`}>{customer.role}</td>
            <td className={`${td} text-right tabular-nums`}>
              {customer.orders > 0 ? (
                <Link
                  to={`/admin/orders?user=${customer.id}`}
                  className="rounded font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {customer.orders}{' '}
                  <span className="sr-only">{customer.orders === 1 ? 'order' : 'orders'} of {customer.email}</span>
                </Link>
              ) : (
                0
              )}
            </td>
            <td className={`${td} text-right tabular-nums`}>{formatMoney(customer.totalSpent)}</td>
            <td className={td}>
              {customer.lastOrderAt ? (
                <time dateTime={customer.lastOrderAt}>{utcDay(customer.lastOrderAt)}</time>
              ) : (
                <span className="text-gray-600">Never</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
