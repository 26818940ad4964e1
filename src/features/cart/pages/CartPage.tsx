import { Link, Navigate } from 'react-router-dom';
import { useAppSelector } from '../../../lib/hooks';
import { PageSpinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { selectCartError, selectCartLoaded, selectCartTotals, selectItems } from '../cartSlice';
import CartLines from '../components/CartLines';
import CartLoadError from '../components/CartLoadError';
import CartTotals from '../components/CartTotals';
import ContinueShopping from '../components/ContinueShopping';
import { buttonClass } from '../../../components/controls';

export default function CartPage() {
  useDocumentTitle('Cart');
  const items = useAppSelector(selectItems);
  const cartLoaded = useAppSelector(selectCartLoaded);
  const error = useAppSelector(selectCartError);
  const { totalAmount, totalItems } = useAppSelector(selectCartTotals);

  if (!cartLoaded) return <PageSpinner label="Loading your cart…" />;
  if (error && items.length === 0) return <CartLoadError heading="Cart" error={error} />;
  // SPEC §2: an empty cart redirects to /.
  if (items.length === 0) return <Navigate to="/" replace />;

  return (
    <div className="mx-auto mt-8 max-w-4xl px-4 sm:px-6 lg:px-8">
      <div className="rounded-lg border border-gray-200 bg-white">
        <div className="px-4 py-6 sm:px-6">
          <h1 className="text-3xl font-bold tracking-tight text-gray-900">Cart</h1>
          <div className="mt-8 flow-root">
            <CartLines items={items} />
          </div>
        </div>
        <div className="border-t border-gray-200 px-4 py-6 sm:px-6">
          <CartTotals totalAmount={totalAmount} totalItems={totalItems} />
          <p className="mt-1 text-sm text-gray-600">Shipping and taxes calculated at checkout.</p>
          <div className="mt-6">
            <Link
              to="/checkout"
              className={buttonClass('primary', 'lg', 'w-full')}
            >
              Checkout
            </Link>
          </div>
          <ContinueShopping />
        </div>
      </div>
    </div>
  );
}
