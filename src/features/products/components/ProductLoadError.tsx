import { Link } from 'react-router-dom';
import ErrorMessage from '../../../components/ErrorMessage';
import { useAppDispatch } from '../../../lib/hooks';
import { fetchProductByIdAsync } from '../productsSlice';

/** A product page whose product could not be loaded: why, a retry, and the way back to the list. */
export default function ProductLoadError({ id, error, back }: { id: string; error: string; back: { to: string; label: string } }) {
  const dispatch = useAppDispatch();
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
