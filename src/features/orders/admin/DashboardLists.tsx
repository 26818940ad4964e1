import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney } from '../../../domain/checkout';
import type { ShopStats } from '../../../domain/backOffice';
import { usePermission } from '../../../lib/usePermission';

const th = 'px-4 py-3 text-xs font-semibold tracking-wide text-gray-700 uppercase';
const td = 'px-4 py-3';
const link = 'rounded font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

function Panel({ id, title, empty, children }: { id: string; title: string; empty: string | null; children: ReactNode }) {
  return (
    // min-w-0: in the grid, a wide table scrolls inside its region instead of widening the page.
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {empty ? (
        <p className="mt-3 rounded-md bg-gray-50 p-6 text-center text-sm text-gray-700">{empty}</p>
      ) : (
        // A region that scrolls sideways by itself, so a phone's page never does.
        <div
          role="region"
          aria-label={`${title} table`}
          tabIndex={0}
          className="relative mt-3 overflow-x-auto rounded-lg shadow-sm ring-1 ring-gray-900/5 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <table className="min-w-full divide-y divide-gray-300 text-left text-sm">{children}</table>
        </div>
      )}
    </section>
  );
}

/** Best sellers of the window, by units; each opens the back office's product page for catalogue staff. */
export function TopProducts({ products, days }: { products: ShopStats['topProducts']; days: number }) {
  const editsCatalogue = usePermission('catalogue');
  return (
    <Panel id="top-products-heading" title="Top products" empty={products.length ? null : 'No products sold in this period.'}>
      <thead className="bg-gray-50">
        <tr>
          <th scope="col" className={th}>
            Product
          </th>
          <th scope="col" className={`${th} text-right`}>
            Units <span className="sr-only">sold in the last {days} days</span>
          </th>
          <th scope="col" className={`${th} text-right`}>
            Revenue
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-200 bg-white">
        {products.map((product) => (
          <tr key={product.id}>
            <td className={td}>
              {editsCatalogue ? (
                <Link to={`/admin/productdetail/${product.id}`} className={link}>
                  {product.title}
                </Link>
              ) : (
                product.title
              )}
            </td>
            <td className={`${td} text-right tabular-nums`}>{product.units}</td>
            <td className={`${td} text-right whitespace-nowrap tabular-nums`}>{formatMoney(product.revenue)}</td>
          </tr>
        ))}
      </tbody>
    </Panel>
  );
}

/** "Chelsea Boots — Size 44, Black" for a variant's entry; the title for a product's. */
export function lowStockName(entry: ShopStats['lowStock'][number]): string {
  const values = entry.variant ? Object.entries(entry.variant.options) : [];
  if (values.length === 0) return entry.title;
  return `${entry.title} — ${values.map(([name, value], i) => (i === 0 ? `${name} ${value}` : value)).join(', ')}`;
}

/** Products still sold at or below their low-stock threshold, lowest first, each with its edit form for catalogue staff. */
export function LowStock({ products }: { products: ShopStats['lowStock'] }) {
  const editsCatalogue = usePermission('catalogue');
  return (
    <Panel id="low-stock-heading" title="Low stock" empty={products.length ? null : 'No product is low on stock.'}>
      <thead className="bg-gray-50">
        <tr>
          <th scope="col" className={th}>
            Product
          </th>
          <th scope="col" className={`${th} text-right`}>
            Stock
          </th>
          <th scope="col" className={`${th} text-right`}>
            Threshold
          </th>
          {editsCatalogue && (
            <th scope="col" className={th}>
              <span className="sr-only">Action</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-200 bg-white">
        {products.map((product) => (
          <tr key={`${product.id}-${product.variant?.id ?? ''}`}>
            <td className={td}>{lowStockName(product)}</td>
            <td className={`${td} text-right tabular-nums`}>{product.stock}</td>
            <td className={`${td} text-right tabular-nums`}>{product.threshold}</td>
            {editsCatalogue && (
              <td className={td}>
                <Link to={`/admin/product-form/edit/${product.id}`} className={link}>
                  Edit <span className="sr-only">{lowStockName(product)}</span>
                </Link>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </Panel>
  );
}
