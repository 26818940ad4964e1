import { useAppDispatch } from '../../../lib/hooks';
import ErrorMessage from '../../../components/ErrorMessage';
import { fetchCartAsync } from '../cartSlice';

/** A page that needs the cart, when loading it failed: the page's heading, the error, a retry. */
export default function CartLoadError({ heading, error }: { heading: string; error: string }) {
  const dispatch = useAppDispatch();
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-gray-900">{heading}</h1>
      <ErrorMessage title="Your cart could not be loaded" message={error} onRetry={() => dispatch(fetchCartAsync())} />
    </div>
  );
}
