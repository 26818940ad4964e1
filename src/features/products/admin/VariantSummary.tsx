import { formatPrice } from '../../../domain/pricing';
import { choiceLabel, variantSalePrice } from '../../../domain/variants';
import type { ProductWithVariants } from '../useVariantChoice';

/** The admin product page's variants: SKU, choice, displayed price and stock of each (read only; the form edits them). */
export default function VariantSummary({ product }: { product: ProductWithVariants }) {
  const variants = product.variants ?? [];
  if (variants.length === 0) return null;
  return (
    <section aria-labelledby="variants-heading" className="mt-8">
      <h2 id="variants-heading" className="text-lg font-semibold text-gray-900">
        Variants and stock
      </h2>
      <div className="mt-2 overflow-x-auto rounded-lg ring-1 ring-gray-900/5">
        <table className="min-w-full divide-y divide-gray-300 text-left text-sm">
          <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-700 uppercase">
            <tr>
              <th scope="col" className="px-4 py-2">
                SKU
              </th>
              <th scope="col" className="px-4 py-2">
                Variant
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                Price
              </th>
              <th scope="col" className="px-4 py-2 text-right">
                Stock
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 bg-white">
            {variants.map((v) => (
              <tr key={v.id}>
                <td className="px-4 py-2 font-mono text-xs">{v.sku}</td>
                <th scope="row" className="px-4 py-2 font-normal">
                  {choiceLabel(v.options, product.options) || 'The only variant'}
                </th>
                <td className="px-4 py-2 text-right tabular-nums">{formatPrice(variantSalePrice(product, v))}</td>
                <td className="px-4 py-2 text-right tabular-nums">{v.stock}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
