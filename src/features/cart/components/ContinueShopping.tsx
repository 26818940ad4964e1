import { Link } from 'react-router-dom';

/** The way back to the shop under the cart and the checkout summary. */
export default function ContinueShopping() {
  return (
    <p className="mt-6 text-center text-sm text-gray-600">
      or{' '}
      <Link to="/" className="font-medium text-brand-700 hover:text-brand-500">
        Continue Shopping <span aria-hidden="true">&rarr;</span>
      </Link>
    </p>
  );
}
