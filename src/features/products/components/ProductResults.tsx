import { memo, useDeferredValue } from 'react';
import ErrorMessage from '../../../components/ErrorMessage';
import Spinner from '../../../components/Spinner';
import { useAppSelector } from '../../../lib/hooks';
import type { Product } from '../../../domain/types';
import {
  selectAllProducts,
  selectProductListError,
  selectProductListRequested,
  selectProductListStatus,
} from '../productsSlice';
import ProductCard, { type CardAction } from './ProductCard';

interface ProductResultsProps {
  admin: boolean;
  onRetry: () => void;
  cardAction?: CardAction;
}

/**
 * The listing's cards: a loader until the first answer, dimmed while the next one loads, or why not.
 * A new page of cards is rendered in the background (a deferred value: React renders it in slices,
 * yielding to taps and scrolls), not in the one long task a store update would otherwise take;
 * until it is ready the cards shown stay dimmed, as while loading (docs/performance.md).
 */
export default function ProductResults({ admin, onRetry, cardAction }: ProductResultsProps) {
  const products = useAppSelector(selectAllProducts);
  const shown = useDeferredValue(products);
  const loading = useAppSelector(selectProductListStatus) === 'loading' || shown !== products;
  const requested = useAppSelector(selectProductListRequested);
  const error = useAppSelector(selectProductListError);

  if (error) return <ErrorMessage title="The products could not be loaded" message={error} onRetry={onRetry} />;
  if ((loading || !requested) && shown.length === 0) return <Spinner label="Loading products…" className="min-h-96" />;
  if (!loading && shown.length === 0) {
    return <p className="py-16 text-center text-sm text-gray-700">No products match your search and filters.</p>;
  }
  return (
    <div className="relative" aria-busy={loading}>
      {loading && (
        <div className="absolute inset-0 z-10 flex items-start justify-center bg-white/60 pt-24">
          <Spinner label="Loading products…" />
        </div>
      )}
      <ProductGrid products={shown} admin={admin} action={cardAction} />
    </div>
  );
}

/** The cards; the same page is not rendered again when only the loading state changes. */
const ProductGrid = memo(function ProductGrid({ products, admin, action }: { products: readonly Product[]; admin: boolean; action?: CardAction }) {
  return (
    <ul aria-labelledby="products-heading" className="grid grid-cols-2 gap-x-4 gap-y-8 sm:gap-x-6 md:grid-cols-3 xl:grid-cols-4">
      {products.map((product) => (
        <li key={product.id}>
          <ProductCard product={product} admin={admin} action={action} />
        </li>
      ))}
    </ul>
  );
});
