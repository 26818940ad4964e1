import { Link, Navigate } from 'react-router-dom';
import { useAppSelector } from '../../../lib/hooks';
import { PageSpinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { selectCartError, selectCartLoaded, selectItems, selectMembershipLine } from '../cartSlice';
import CartLoadError from '../components/CartLoadError';
import CartSummary from '../components/CartSummary';
import ShippingEstimate, { shippingEstimateFirstScreen } from '../components/ShippingEstimate';
import { selectLoggedInUser } from '../../../lib/session';
import { buttonClass } from '../../../components/controls';
import { PRICES_BEFORE_TAX } from '../../../domain/pricing';
import type { FirstScreen } from '../../../lib/firstScreen';
import { useFreshCart } from '../useFreshCart';

/**
 * What the app asks for before its first render when it starts here (src/lib/firstScreen.ts), beside
 * the cart the shell asks for: the shipping estimate to the first saved address, if there is one.
 * A visitor is sent to /login.
 */
export const firstScreen: FirstScreen = ({ user }) => {
  const country = user?.addresses[0]?.country;
  return country ? shippingEstimateFirstScreen(country) : undefined;
};

export default function CartPage() {
  useDocumentTitle('Cart');
  useFreshCart();
  const items = useAppSelector(selectItems);
  const membership = useAppSelector(selectMembershipLine);
  const cartLoaded = useAppSelector(selectCartLoaded);
  const error = useAppSelector(selectCartError);
  const user = useAppSelector(selectLoggedInUser);
  // The session's user follows every address change (userUpdated): its first address prices the estimate.
  const country = user?.addresses[0]?.country;
  const cartKey = items.map((item) => `${item.id}:${item.variant?.id ?? ''}:${item.quantity}`).join(',');

  if (!cartLoaded) return <PageSpinner label="Loading your cart…" />;
  if (error && items.length === 0 && !membership) return <CartLoadError heading="Cart" error={error} />;
  // An empty cart (no product, no membership) redirects to /.
  if (items.length === 0 && !membership) return <Navigate to="/" replace />;

  return (
    <div className="mx-auto mt-8 max-w-4xl px-4 sm:px-6 lg:px-8">
      <div className="rounded-lg border border-gray-200 bg-white">
        <CartSummary
          heading={<h1 className="text-3xl font-bold tracking-tight text-gray-900">Cart</h1>}
          note="Shipping and taxes calculated at checkout."
          details={
            <>
              <p className="mt-1 text-sm text-gray-600">{PRICES_BEFORE_TAX}</p>
              {country && <ShippingEstimate country={country} cartKey={cartKey} />}
            </>
          }
        >
          <Link to="/checkout" className={buttonClass('primary', 'lg', 'mt-6 w-full')}>
            Checkout
          </Link>
        </CartSummary>
      </div>
    </div>
  );
}
