import type { Product } from '../../../domain/types';

type Fact = [term: string, value: string | number];

/**
 * A product's details as a term / value list, only those the admin set (a blank text, a weight of
 * 0 and a minimum of 1 are not shown); `before` and `after` add the page's own facts.
 */
export default function ProductFacts({ product, before = [], after = [] }: { product: Product; before?: Fact[]; after?: Fact[] }) {
  const details: (Fact | false)[] = [
    product.weight > 0 && ['Weight', `${product.weight} kg`],
    !!product.warrantyInformation.trim() && ['Warranty', product.warrantyInformation],
    !!product.shippingInformation.trim() && ['Shipping', product.shippingInformation],
    !!product.returnPolicy.trim() && ['Return policy', product.returnPolicy],
    product.minimumOrderQuantity > 1 && ['Minimum order quantity', product.minimumOrderQuantity],
  ];
  const facts: Fact[] = [...before, ...details.filter((fact): fact is Fact => fact !== false), ...after];
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
