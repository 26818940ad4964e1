import { Link } from 'react-router-dom';
import ErrorMessage from '../../../components/ErrorMessage';
import { buttonClass } from '../../../components/controls';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { fetchProductByIdAsync, selectSelectedProductMissing } from '../productsSlice';

/**
 * A product page whose product could not be loaded. No such product (the API answered 404): says
 * so, with the way back to the list. Any other failure (the network, the server): why, a retry,
 * and the way back.
 */
export default function ProductLoadError({ id, error, back }: { id: string; error: string; back: { to: string; label: string } }) {
  const dispatch = useAppDispatch();
  const missing = useAppSelector(selectSelectedProductMissing);
  if (missing) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900">Product not found</h1>
        <p className="mt-4 text-base text-gray-700">There is no product #{id}: it may never have existed, or the link may be mistyped.</p>
        <Link to={back.to} className={buttonClass('primary', 'md', 'mt-8')}>
          {back.label}
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="sr-only">Product</h1>
      <ErrorMessage title="This product could not be loaded" message={error} onRetry={() => dispatch(fetchProductByIdAsync(id))} />
      <Link to={back.to} className="mt-6 inline-block text-sm font-semibold text-brand-700 hover:underline">
        {back.label}
      </Link>
    </div>
  );
}
