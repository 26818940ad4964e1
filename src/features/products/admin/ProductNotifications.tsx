// The product form's "Email me about this product" checkboxes: the product's `notify`, saved with
// it. The shop mails its staff address (STAFF_EMAIL) when one of them happens.
import type { UseFormRegister } from 'react-hook-form';
import type { ProductNotify } from '../../../domain/types';
import type { ProductFormValues } from './productFormValues';

const NOTIFICATIONS: { key: keyof ProductNotify; id: string; label: string; text: string }[] = [
  { key: 'review', id: 'notify-reviews', label: 'Reviews', text: 'Get an email when a shopper reviews this product.' },
  { key: 'lowStock', id: 'notify-low-stock', label: 'Low stock', text: 'Get an email when a sale takes its stock to the low stock threshold or below.' },
  { key: 'soldOut', id: 'notify-sold-out', label: 'Sold out', text: 'Get an email when the last one is sold.' },
];

/** The product form's "Email me about this product" choices, bound to the form's `notify`. */
export default function ProductNotifications({ register }: { register: UseFormRegister<ProductFormValues> }) {
  return (
    <fieldset className="border-b border-gray-900/10 pb-10">
      <legend className="text-sm font-semibold text-gray-900">Email me about this product</legend>
      <p className="mt-1 text-sm text-gray-600">The shop emails its staff address when one of these happens; the Emails page lists what it sent.</p>
      <div className="mt-4 space-y-4">
        {NOTIFICATIONS.map(({ key, id, label, text }) => (
          <div key={id} className="flex gap-3">
            <input
              id={id}
              type="checkbox"
              aria-describedby={`${id}-description`}
              className="mt-1 size-4 rounded border-gray-300 accent-brand-600"
              {...register(`notify.${key}`)}
            />
            <div className="text-sm">
              <label htmlFor={id} className="font-medium text-gray-900">
                {label}
              </label>
              <p id={`${id}-description`} className="text-gray-600">
                {text}
              </p>
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
