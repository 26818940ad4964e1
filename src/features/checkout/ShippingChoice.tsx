import { deliveryText } from '../../domain/deliveryText';
import type { Quote } from '../../domain/quote';
import { chargeText, estimateText } from './shippingText';

interface ShippingChoiceProps {
  /** The quote's methods for the chosen address's country, each with what it would cost this cart. */
  methods: Quote['shippingMethods'];
  /** The method the quote charges. */
  selected: number | undefined;
  onSelect: (id: number) => void;
  disabled?: boolean;
  /** Shown instead of the methods (no address chosen yet, or none configured). */
  empty?: string;
}

/**
 * "Shipping method": a radio per method of the country, with its price, its business days and
 * when this cart would arrive by it (the quote's dates: what the order stores when placed).
 */
export default function ShippingChoice({ methods, selected, onSelect, disabled = false, empty }: ShippingChoiceProps) {
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-gray-900">Shipping method</legend>
      {methods.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">{empty ?? 'Free shipping'}</p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-200 rounded-md border border-gray-200">
          {methods.map((method) => {
            const id = `shipping-method-${method.id}`;
            return (
              <li key={method.id}>
                <label htmlFor={id} className="flex cursor-pointer items-start gap-4 p-4 text-sm">
                  <input
                    id={id}
                    type="radio"
                    name="shipping-method"
                    value={method.id}
                    checked={selected === method.id}
                    disabled={disabled}
                    onChange={() => onSelect(method.id)}
                    className="mt-1 size-4 accent-brand-600"
                  />
                  <span className="flex flex-1 flex-wrap justify-between gap-x-4">
                    <span>
                      <span className="block font-semibold text-gray-900">{method.name}</span>
                      <span className="block text-gray-600">{estimateText(method.estimate)}</span>
                      {method.delivery && <span className="block text-gray-700">Arrives {deliveryText(method.delivery)}</span>}
                    </span>
                    <span className="font-medium text-gray-900">{chargeText(method.charge)}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
