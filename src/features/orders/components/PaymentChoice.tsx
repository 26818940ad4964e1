import type { PaymentMethod } from '../../../domain/types';

const METHODS: { value: PaymentMethod; label: string }[] = [
  { value: 'cash', label: 'Cash' },
  { value: 'card', label: 'Card Payment' },
];

export default function PaymentChoice({ value, onChange }: { value: PaymentMethod; onChange: (m: PaymentMethod) => void }) {
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-gray-900">Payment Methods</legend>
      <p className="mt-1 text-sm text-gray-600">Choose One</p>
      <div className="mt-4 space-y-3">
        {METHODS.map((method) => (
          <div key={method.value} className="flex items-center gap-3">
            <input
              id={`payment-${method.value}`}
              name="payments"
              type="radio"
              value={method.value}
              checked={value === method.value}
              onChange={() => onChange(method.value)}
              className="size-4 accent-brand-600"
            />
            <label htmlFor={`payment-${method.value}`} className="text-sm font-medium text-gray-900">
              {method.label}
            </label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
