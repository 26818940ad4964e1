// Notification checkboxes kept from the original design, though unused: about this product, and
// saying they are not sent yet.
const NOTIFICATIONS = [
  { id: 'notify-reviews', label: 'Reviews', text: 'Get an email when a shopper reviews this product.' },
  { id: 'notify-low-stock', label: 'Low stock', text: 'Get an email when its stock falls to the low stock threshold.' },
  { id: 'notify-sold-out', label: 'Sold out', text: 'Get an email when the last one is sold.' },
];

/** The product form's "Email me about this product" choices (not saved). */
export default function ProductNotifications() {
  return (
    <fieldset className="border-b border-gray-900/10 pb-10">
      <legend className="text-sm font-semibold text-gray-900">Email me about this product</legend>
      <p className="mt-1 text-sm text-gray-600">These choices are not saved, and the shop sends no emails about products; the Emails page lists the messages it does send.</p>
      <div className="mt-4 space-y-4">
        {NOTIFICATIONS.map(({ id, label, text }) => (
          <div key={id} className="flex gap-3">
            <input
              id={id}
              name={id}
              type="checkbox"
              aria-describedby={`${id}-description`}
              className="mt-1 size-4 rounded border-gray-300 accent-brand-600"
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
