import { useEffect, useRef } from 'react';
import type { ProductTableRow } from '../../../domain/productTable';
import ProductTableRowView from './ProductTableRowView';

const th = 'px-4 py-3';

interface ProductTableProps {
  rows: ProductTableRow[];
  ticked: ReadonlySet<number>;
  onTick: (ids: number[], ticked: boolean) => void;
  /** A field was saved: its input's id when it had the keyboard focus. */
  onSaved: (focusedId: string | null) => void;
}

/** The products of the page: a tick box each (and one for the whole page), then their columns; cards on a phone. */
export default function ProductTable({ rows, ticked, onTick, onSaved }: ProductTableProps) {
  const all = rows.length > 0 && rows.every((r) => ticked.has(r.id));
  const some = rows.some((r) => ticked.has(r.id));
  const allBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = some && !all;
  }, [some, all]);

  return (
    <table className="block min-w-full text-left text-sm sm:table sm:divide-y sm:divide-gray-300">
      <thead className="block bg-gray-50 text-xs font-semibold tracking-wide text-gray-700 uppercase sm:table-header-group">
        <tr className="block sm:table-row">
          <th scope="col" className={`${th} block sm:table-cell`}>
            <input
              ref={allBox}
              type="checkbox"
              checked={all}
              onChange={(event) => onTick(rows.map((r) => r.id), event.target.checked)}
              aria-label="Select every product on this page"
              className="size-4 rounded border-gray-400 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
            />
            <span className="ml-2 normal-case sm:sr-only">Select all</span>
          </th>
          {['Product', 'SKU', 'Price', 'Stock', 'Status', 'Last change'].map((name) => (
            <th key={name} scope="col" className={`${th} max-sm:sr-only`}>
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block bg-white sm:table-row-group">
        {rows.map((row) => (
          <ProductTableRowView key={row.id} row={row} ticked={ticked.has(row.id)} onTick={(on) => onTick([row.id], on)} onSaved={onSaved} />
        ))}
      </tbody>
    </table>
  );
}
