import type { ProductTableRow } from '../../../domain/productTable';
import { choiceLabel } from '../../../domain/variants';
import InlineNumberField from './InlineNumberField';

interface VariantStockRowsProps {
  row: ProductTableRow;
  /** A field was saved: its input's id when it had the keyboard focus. */
  onSaved: (focusedId: string | null) => void;
}

/** The expanded row of a product with options: each variant's SKU, choice and stock, the stock edited in place. */
export default function VariantStockRows({ row, onSaved }: VariantStockRowsProps) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Variants of {row.title}</caption>
      <thead className="text-xs font-semibold text-gray-700 uppercase">
        <tr>
          <th scope="col" className="px-2 py-1">
            SKU
          </th>
          <th scope="col" className="px-2 py-1">
            Variant
          </th>
          <th scope="col" className="px-2 py-1">
            Stock
          </th>
        </tr>
      </thead>
      <tbody>
        {row.variants.map((variant) => {
          const name = choiceLabel(variant.options, row.options);
          return (
            <tr key={variant.id}>
              <td className="px-2 py-1 font-mono text-xs">{variant.sku}</td>
              <th scope="row" className="px-2 py-1 font-normal">
                {name}
              </th>
              <td className="px-2 py-1">
                <InlineNumberField
                  id={`stock-${row.id}-${variant.id}`}
                  label={`Stock of ${row.title}, ${name}`}
                  value={variant.stock}
                  field={{ kind: 'variantStock', product: row.id, variant: variant.id }}
                  inputMode="numeric"
                  onSaved={onSaved}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
