import { CheckCircleIcon } from '@heroicons/react/24/outline';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAppDispatch } from '../../lib/hooks';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { cartReset, fetchCartAsync } from '../../features/cart/cartSlice';
import { resetOrder } from '../../features/orders/ordersSlice';
import GoBackHome from '../../components/GoBackHome';

/** The order number comes from the URL, so a reload still shows it. */
export default function OrderSuccessPage() {
  useDocumentTitle('Order Successfully Placed');
  const { id } = useParams();
  const dispatch = useAppDispatch();

  // SPEC §4: once shown, the cart is reset and currentOrder cleared. The server emptied the cart
  // with the order; reloading it keeps a later visit (Back, a bookmark) true to what it holds.
  useEffect(() => {
    dispatch(cartReset());
    dispatch(resetOrder());
    dispatch(fetchCartAsync());
  }, [dispatch]);

  return (
    <div className="grid min-h-[60vh] place-items-center px-6 py-24 sm:py-32 lg:px-8">
      <div className="text-center">
        <CheckCircleIcon aria-hidden="true" className="mx-auto size-16 text-green-700" />
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-gray-900 sm:text-5xl">Order Successfully Placed</h1>
        <p className="mt-6 text-lg font-semibold text-brand-700">Order number #{id}</p>
        <p className="mt-4 text-base text-gray-700">
          You can check your order in{' '}
          <Link to="/orders" className="font-semibold text-brand-700 underline hover:text-brand-600">
            My Account &gt; My Orders
          </Link>
        </p>
        <div className="mt-10">
          <GoBackHome />
        </div>
      </div>
    </div>
  );
}
