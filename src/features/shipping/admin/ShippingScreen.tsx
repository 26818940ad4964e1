import { useDocumentTitle } from '../../../components/useDocumentTitle';
import ContactSection from './ContactSection';
import MembershipFeeSection from './MembershipFeeSection';
import ShippingMethodsSection from './ShippingMethodsSection';
import TaxRatesSection from './TaxRatesSection';

/** /admin/shipping — shipping methods per country and tax rates (add, edit, delete), the shop's contact details and the membership fee. */
export default function ShippingScreen() {
  useDocumentTitle('Admin: Shipping and tax');
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">Shipping and tax</h1>
      <p className="mt-1 text-sm text-gray-700">
        What each country&apos;s shipping methods cost and how long they take, and the tax rate charged on an order (a state&apos;s own rate
        when it has one, else its country&apos;s). Orders keep what they were charged: a change applies to orders placed after it.
      </p>
      <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
        The shipping prices and tax rates the shop starts with are examples, not tax advice. Check the rates that apply to your sales with an
        accountant or the tax authority before relying on them.
      </p>

      <ShippingMethodsSection />
      <TaxRatesSection />
      <ContactSection />
      <MembershipFeeSection />
    </div>
  );
}
