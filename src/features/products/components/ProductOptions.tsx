import { chosenLabel, type VariantChoiceState } from '../useVariantChoice';
import { listNames, valueState, type ValueState } from '../variantChoice';

const CHOICE_NEEDED_ID = 'choice-needed';

const SAYS: Record<Exclude<ValueState, 'available'>, string> = {
  soldOut: 'sold out',
  unavailable: 'not available',
};

function valueClass(checked: boolean, can: ValueState): string {
  const base =
    'relative flex min-w-12 items-center justify-center rounded-md border px-3 py-2 text-sm font-medium has-focus-visible:ring-2 has-focus-visible:ring-brand-600 has-focus-visible:ring-offset-1';
  const ring = checked ? 'ring-2 ring-gray-500' : '';
  if (can === 'unavailable') return `${base} cursor-not-allowed border-dashed border-gray-300 bg-white text-gray-500 ${ring}`;
  if (can === 'soldOut') return `${base} cursor-pointer border-dashed border-gray-300 bg-white text-gray-500 hover:bg-gray-50 ${ring}`;
  if (checked) return `${base} cursor-pointer border-transparent bg-brand-600 text-white`;
  return `${base} cursor-pointer border-gray-300 bg-white text-gray-900 hover:bg-gray-50`;
}

/**
 * A radio group per option of the product (none for a product without options). A value the
 * choice above it has only sold out is shown struck through and says so in its name, yet can be
 * chosen: its page then offers 'Notify me when back in stock' instead of adding it to the cart. A
 * value the choice above it does not have at all is disabled and says so. The note under the
 * groups follows the chosen variant's stock.
 */
export default function ProductOptions({ state }: { state: VariantChoiceState }) {
  const { options, variants, choice, variant, missing, asked, choose, groups } = state;
  if (options.length === 0) return null;
  const needed = asked && missing.length > 0;
  const label = chosenLabel(state);

  return (
    <div className="space-y-5">
      {needed && (
        <p id={CHOICE_NEEDED_ID} role="alert" className="text-sm font-medium text-red-700">
          Choose {listNames(missing)} to add this product to the cart.
        </p>
      )}
      {options.map((option, index) => {
        const legendId = `option-${index}-label`;
        return (
          <fieldset
            key={option.name}
            ref={(element) => {
              groups.current[option.name] = element;
            }}
            role="radiogroup"
            aria-labelledby={legendId}
            aria-describedby={needed && missing.includes(option.name) ? CHOICE_NEEDED_ID : undefined}
          >
            <legend id={legendId} className="text-sm font-medium text-gray-900">
              {option.name}
            </legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {option.values.map((value) => {
                const can = valueState(options, variants, choice, index, value);
                const checked = choice[option.name] === value;
                const open = can === 'available';
                return (
                  <label key={value} className={valueClass(checked, can)}>
                    {/* Over the whole value, transparent: a tap anywhere on it is a tap on the radio. */}
                    <input
                      type="radio"
                      className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
                      name={`option-${index}`}
                      value={value}
                      checked={checked}
                      disabled={can === 'unavailable'}
                      // "44, sold out": said with the value, which the label's text alone does not say.
                      aria-label={open ? undefined : `${value}, ${SAYS[can]}`}
                      onChange={() => choose(index, value)}
                    />
                    <span className={open ? undefined : 'line-through'}>{value}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      <p aria-live="polite" className="text-sm text-gray-700">
        {variant && (variant.stock > 0 ? `${label}: ${variant.stock} in stock.` : `${label}: sold out.`)}
      </p>
    </div>
  );
}
