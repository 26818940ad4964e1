import type { Product } from '../../../domain/types';

type Fact = [term: string, value: string | number];

/** A product's details as a term / value list; `before` and `after` add the page's own facts. */
export default function ProductFacts({ product, before = [], after = [] }: { product: Product; before?: Fact[]; after?: Fact[] }) {
  const facts: Fact[] = [
    ...before,
    ['Weight', `${product.weight} kg`],
    ['Warranty', product.warrantyInformation],
    ['Shipping', product.shippingInformation],
    ['Return policy', product.returnPolicy],
    ['Minimum order quantity', product.minimumOrderQuantity],
    ...after,
  ];
  return (
    <dl className="mt-4 divide-y divide-gray-200 border-y border-gray-200 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-4 py-2">
          <dt className="text-gray-600">{term}</dt>
          <dd className="text-right font-medium text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
