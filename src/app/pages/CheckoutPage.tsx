import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import AddressForm from '../../components/AddressForm';
import { useAppAlert } from '../../components/Alerts';
import ErrorMessage from '../../components/ErrorMessage';
import { PageSpinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import type { RejectValue } from '../../lib/thunk';
import type { Address } from '../../domain/types';
import { selectLoggedInUser } from '../../lib/session';
import { fetchCartAsync, selectCartError, selectCartLoaded, selectItems, selectMembershipLine } from '../../features/cart/cartSlice';
import { selectCartTotals } from '../../features/cart/cartTotals';
import CartLoadError from '../../features/cart/components/CartLoadError';
import CartSummary from '../../features/cart/components/CartSummary';
import { useFreshCart } from '../../features/cart/useFreshCart';
import { selectUserInfo, updateUserAsync } from '../../features/user/userSlice';
import AddressChoice from '../../features/orders/components/AddressChoice';
import PaymentChoice from '../../features/orders/components/PaymentChoice';
import TotalsBreakdown from '../../features/orders/components/TotalsBreakdown';
import { selectCurrentOrder, selectOrderStatus } from '../../features/orders/ordersSlice';
import { usePlaceOrder } from '../../features/orders/usePlaceOrder';
import { Button } from '../../components/controls';
import { PRICES_BEFORE_TAX } from '../../domain/pricing';
import { useCheckoutQuote } from '../../features/checkout/useCheckoutQuote';
import ShippingChoice from '../../features/checkout/ShippingChoice';
import PromoCodes from '../../features/checkout/PromoCodes';
import CardForm from '../../features/checkout/CardForm';
import { useCardPayment } from '../../features/checkout/useCardPayment';
import OrderTotals from '../../features/checkout/OrderTotals';

export default function CheckoutPage() {
  useDocumentTitle('Checkout');
  useFreshCart();
  const dispatch = useAppDispatch();
  const alert = useAppAlert();
  const user = useAppSelector(selectLoggedInUser);
  const userInfo = useAppSelector(selectUserInfo);
  const items = useAppSelector(selectItems);
  const membership = useAppSelector(selectMembershipLine);
  const cartLoaded = useAppSelector(selectCartLoaded);
  const cartError = useAppSelector(selectCartError);
  const { totalAmount, totalItems } = useAppSelector(selectCartTotals);
  const currentOrder = useAppSelector(selectCurrentOrder);
  const orderStatus = useAppSelector(selectOrderStatus);
  const [selected, setSelected] = useState<number | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const payment = useCardPayment();
  const placeOrderNow = usePlaceOrder();

  // The membership line (its fee) is part of what the quote prices, and an order may hold it alone.
  const cartKey = items.map((item) => `${item.id}:${item.variant?.id ?? ''}:${item.quantity}`).join(',') + (membership ? `,m${membership.price}` : '');
  const empty = items.length === 0 && !membership;
  const { quoteState, method, setMethod, codes, rejected, applyCode, removeCode } = useCheckoutQuote(selected, cartKey, cartLoaded && !empty && !currentOrder);
  const { quote } = quoteState;

  if (currentOrder) return <Navigate to={`/orderSuccess/${currentOrder.id}`} replace />;
  if (!cartLoaded || !user) return <PageSpinner label="Loading your cart…" />;
  if (cartError && empty) return <CartLoadError heading="Checkout" error={cartError} />;
  // An empty cart redirects to /.
  if (empty) return <Navigate to="/" replace />;

  const account = userInfo ?? user;
  const addresses = account.addresses;

  /** Saves the list (a new address, or one corrected) and chooses the address at `index`. */
  async function saveAddresses(list: Address[], index: number) {
    try {
      await dispatch(updateUserAsync({ id: account.id, addresses: list })).unwrap();
      setSelected(index);
      setOrderError(null);
      alert.success('Address saved');
    } catch (rejected) {
      alert.error(`Could not save the address: ${(rejected as RejectValue).message}`);
      throw rejected;
    }
  }
  const saveAddress = (address: Address) => saveAddresses([...addresses, address], addresses.length);
  const correctAddress = (index: number, address: Address) => saveAddresses(addresses.map((a, i) => (i === index ? address : a)), index);

  function chooseAddress(index: number) {
    setSelected(index);
    setOrderError(null);
    // Another country has other methods: the quote preselects the cheapest of the new one.
    if (addresses[index]?.country !== (selected === null ? undefined : addresses[selected]?.country)) setMethod(undefined);
  }

  async function placeOrder() {
    const selectedAddress = selected === null ? undefined : addresses[selected];
    if (!selectedAddress) {
      setOrderError('Choose a shipping address (or save a new one) before ordering.');
      return;
    }
    setOrderError(null);
    const cardInput = payment.read();
    if (cardInput === null) {
      setOrderError('Check the card details.');
      return;
    }
    try {
      await placeOrderNow(
        {
          items,
          user: account.id,
          totalAmount: quote?.totals.total ?? totalAmount,
          totalItems,
          paymentMethod: payment.method,
          selectedAddress,
          status: 'pending',
          ...(method === undefined ? {} : { shippingMethod: method }),
          ...(codes.length > 0 ? { codes } : {}),
          // The total shown (an address chosen, its quote answered): another one is refused, not charged.
          ...(selected !== null && quote && !quoteState.loading ? { expectedTotal: quote.totals.total } : {}),
        },
        cardInput,
      );
    } catch (rejected) {
      const { message, status, errors } = rejected as RejectValue;
      if (status === 402) {
        payment.declined(message);
        return;
      }
      payment.refused(errors);
      // A shipping method gone meanwhile: back to the address's cheapest (quoted anew), and why.
      if (errors?.shippingMethod) setMethod(undefined);
      setOrderError(errors?.shippingMethod ?? message);
      // The message beside Order Now says why (an alert), once: no toast saying it again. Except a
      // 503 (the order taken, not yet saved to disk; the server's message says so): its cart read
      // again is empty and the page leaves for /, the message with it, and the toast stays.
      if (status === 503) alert.error(message);
      // Stock, prices or a code's uses may have changed: the cart and the totals as the server has them now.
      dispatch(fetchCartAsync());
      if (status === 409) quoteState.refresh();
    }
  }

  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <h1 className="sr-only">Checkout</h1>
      <div className="grid grid-cols-1 gap-x-8 gap-y-10 py-8 lg:grid-cols-5">
        <div className="space-y-10 lg:col-span-3">
          <section aria-labelledby="new-address-heading" className="rounded-lg border border-gray-200 bg-white p-5">
            <h2 id="new-address-heading" className="text-2xl font-semibold text-gray-900">
              Personal Information
            </h2>
            <p className="mt-1 text-sm text-gray-600">Use a permanent address where you can receive mail.</p>
            <div className="mt-6">
              <AddressForm idPrefix="checkout" secondary="reset" resetOnSave onSubmit={saveAddress} />
            </div>
          </section>

          <section aria-labelledby="addresses-heading" className="rounded-lg border border-gray-200 bg-white p-5">
            <AddressChoice addresses={addresses} selected={selected} onSelect={chooseAddress} onCorrect={correctAddress} />
          </section>

          <section className="rounded-lg border border-gray-200 bg-white p-5">
            <ShippingChoice
              methods={selected === null ? [] : (quote?.shippingMethods ?? [])}
              selected={method ?? quote?.shipping.method}
              onSelect={setMethod}
              empty={selected === null ? 'Choose an address to see the shipping methods for its country.' : quote ? 'Free shipping' : 'Loading the shipping methods…'}
            />
          </section>

          <section className="rounded-lg border border-gray-200 bg-white p-5">
            <PaymentChoice value={payment.method} onChange={payment.choose} />
            {payment.method === 'card' && <CardForm value={payment.card} onChange={payment.setCard} errors={payment.errors} message={payment.message} />}
          </section>
        </div>

        <section aria-labelledby="summary-heading" className="h-fit rounded-lg border border-gray-200 bg-white lg:col-span-2">
          <CartSummary
            heading={
              <h2 id="summary-heading" className="text-2xl font-semibold text-gray-900">
                Order Summary
              </h2>
            }
            note={`${PRICES_BEFORE_TAX} Shipping and tax for the chosen address are in the total below.`}
          >
            <div className="mt-6">
              <PromoCodes codes={codes} rejected={rejected} onApply={applyCode} onRemove={removeCode} />
            </div>
            <OrderTotals
              {...quoteState}
              member={Boolean(account.member)}
              placed={selected !== null}
              breakdown={(q) => <TotalsBreakdown totals={q.totals} promotions={q.promotions} shipping={q.shipping} tax={q.tax} label="Order total" />}
            />
            {orderError && <ErrorMessage className="mt-4" title="The order was not placed" message={orderError} />}
            <Button
              look="primary"
              size="lg"
              className="mt-6 w-full"
              onClick={placeOrder}
              // Not while the order is placed, nor while the total is being updated (the order is placed
              // at the total shown): busy, so a press is ignored and the focus stays (disabled loses it).
              busy={orderStatus === 'loading' || quoteState.loading}
            >
              {orderStatus === 'loading' ? 'Placing your order…' : 'Order Now'}
            </Button>
          </CartSummary>
        </section>
      </div>
    </div>
  );
}
