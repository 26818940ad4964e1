import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPrice } from '../../../domain/pricing';
import type { ProductTableRow } from '../../../domain/productTable';
import InlineNumberField from './InlineNumberField';
import VariantStockRows from './VariantStockRows';
import { utcDateTime } from '../../../lib/utcTime';

/** SKUs shown in the row; the rest are counted (the expanded row lists them all). */
const SHOWN_SKUS = 2;

// On a phone each row is a card: the cells stack, each after its column's name.
const cell = 'block px-4 py-1 sm:table-cell sm:py-3 max-sm:before:mr-2 max-sm:before:font-semibold max-sm:before:text-gray-700 max-sm:before:content-[attr(data-label)]';

interface ProductTableRowViewProps {
  row: ProductTableRow;
  ticked: boolean;
  onTick: (ticked: boolean) => void;
  /** A change was saved: the page reloads. */
  /** A field was saved: its input's id when it had the keyboard focus. */
  onSaved: (focusedId: string | null) => void;
}

/** One product of the table, and its variants' stock under it once expanded (a product with options). */
export default function ProductTableRowView({ row, ticked, onTick, onSaved }: ProductTableRowViewProps) {
  const [open, setOpen] = useState(false);
  const withOptions = row.options.length > 0;
  const skus = row.variants.map((v) => v.sku);
  const variantsId = `variants-${row.id}`;
  return (
    <>
      <tr className="block border-b border-gray-200 py-3 sm:table-row sm:py-0">
        <td className={`${cell} sm:w-10`}>
          <input
            type="checkbox"
            checked={ticked}
            onChange={(event) => onTick(event.target.checked)}
            aria-label={`Select ${row.title}`}
            className="size-4 rounded border-gray-400 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
          />
        </td>
        <th scope="row" className={`${cell} text-left font-medium text-gray-900`}>
          <span className="inline-flex items-center gap-3">
            <img src={row.thumbnail} alt="" className="size-10 shrink-0 rounded bg-gray-100 object-cover" />
            <Link to={`/admin/productdetail/${row.id}`} className="rounded text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
              {row.title}
            </Link>
          </span>
        </th>
        <td data-label="SKU" className={`${cell} font-mono text-xs`}>
          {skus.slice(0, SHOWN_SKUS).join(', ')}
          {skus.length > SHOWN_SKUS && <span className="text-gray-600"> +{skus.length - SHOWN_SKUS} more</span>}
        </td>
        <td data-label="Price" className={cell}>
          <InlineNumberField
            id={`price-${row.id}`}
            label={`Price of ${row.title}`}
            value={row.price}
            field={{ kind: 'price', product: row.id }}
            inputMode="decimal"
            onSaved={onSaved}
          />
          {row.salePrice !== row.price && <span className="text-xs text-gray-600">Sells at {formatPrice(row.salePrice)}</span>}
        </td>
        <td data-label="Stock" className={cell}>
          {withOptions ? (
            <span className="inline-flex items-center gap-2">
              <span className="tabular-nums">{row.stock}</span>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={open ? variantsId : undefined}
                onClick={() => setOpen(!open)}
                className="rounded px-1 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {open ? 'Hide' : 'Show'} {row.variants.length} variants <span className="sr-only">of {row.title}</span>
              </button>
            </span>
          ) : (
            <InlineNumberField
              id={`stock-${row.id}`}
              label={`Stock of ${row.title}`}
              value={row.stock}
              field={{ kind: 'stock', product: row.id }}
              inputMode="numeric"
              onSaved={onSaved}
            />
          )}
        </td>
        <td data-label="Status" className={cell}>
          {row.deleted ? (
            <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800 ring-1 ring-red-600/20 ring-inset">Deleted</span>
          ) : (
            <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800 ring-1 ring-green-600/20 ring-inset">Active</span>
          )}
        </td>
        <td data-label="Last change" className={`${cell} whitespace-nowrap`}>
          {row.lastChangedAt ? <time dateTime={row.lastChangedAt}>{utcDateTime(row.lastChangedAt)}</time> : <span className="text-gray-600">None recorded</span>}
        </td>
      </tr>
      {withOptions && open && (
        <tr id={variantsId} className="block bg-gray-50 sm:table-row">
          <td colSpan={7} className="block px-4 py-2 sm:table-cell sm:pl-16">
            <VariantStockRows row={row} onSaved={onSaved} />
          </td>
        </tr>
      )}
    </>
  );
}
