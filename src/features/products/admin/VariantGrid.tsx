// The product form's options (up to 3, each a name and comma-separated values) and its grid of
// variants, one row per combination: SKU, price and discount (blank = the product's), stock and
// picture (one of the product's images).
// A table's columns on a wide screen, a card per variant on a phone; every input is labelled with
// its combination ("SKU for Size 44, Black") and shows its own message.
import { useEffect, useRef } from 'react';
import { Button, Input } from '../../../components/controls';
import { MAX_OPTIONS, removeOption, rowLabel, setCell, type CellField, type GridRow, type GridState } from './variantGrid';
import VariantPicture from './VariantPicture';

interface VariantGridProps {
  state: GridState;
  rows: GridRow[];
  onChange: (state: GridState) => void;
  /** Messages by the server's keys (options.N.name, variants.N.sku, variants, …). */
  errors: Record<string, string>;
  skuBase: string;
  /** The product's images, a variant's picture is one of. */
  images: readonly string[];
}

type Cell = CellField;

const CELLS: { field: Cell; label: string; type: 'text' | 'number'; step?: string; mode?: 'decimal' | 'numeric'; placeholder?: string }[] = [
  { field: 'sku', label: 'SKU', type: 'text' },
  { field: 'price', label: 'Price', type: 'number', step: 'any', mode: 'decimal', placeholder: "Product's" },
  { field: 'discountPercentage', label: 'Discount %', type: 'number', step: 'any', mode: 'decimal', placeholder: "Product's" },
  { field: 'stock', label: 'Stock', type: 'number', step: '1', mode: 'numeric' },
];

const COLUMNS = 'sm:grid sm:grid-cols-[minmax(8rem,1.2fr)_minmax(8rem,1.3fr)_repeat(3,minmax(5rem,1fr))_minmax(6rem,1fr)] sm:gap-3';
const message = 'mt-1 text-sm text-red-700';

export default function VariantGrid({ state, rows, onChange, errors, skuBase, images }: VariantGridProps) {
  const setOption = (index: number, key: 'name' | 'values', value: string) =>
    onChange({ ...state, options: state.options.map((o, i) => (i === index ? { ...o, [key]: value } : o)) });
  const whole = [errors.options, errors.variants].filter(Boolean);
  // A removed option's Remove goes with it when it was the last: the focus goes to the Remove of
  // the option that took its place, else of the one before, else to Add an option.
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });
  const remove = (i: number) => {
    const left = state.options.length - 1;
    focusNext.current = left === 0 ? 'option-add' : `option-${Math.min(i, left - 1)}-remove`;
    onChange(removeOption(state, i, skuBase));
  };

  return (
    <fieldset className="border-b border-gray-900/10 pb-10" aria-describedby="variants-help">
      <legend className="text-sm font-semibold text-gray-900">Options and variants</legend>
      <p id="variants-help" className="mt-1 text-sm text-gray-600">
        Up to {MAX_OPTIONS} options, such as Size or Colour. Separate an option&apos;s values with commas (e.g. 42, 43, 44). Each
        combination of values is a variant with its own SKU, price, discount and stock; leave a variant&apos;s price or discount blank
        to use the product&apos;s. Without options the product has the single Stock field above.
      </p>

      <div className="mt-4 space-y-4">
        {state.options.map((option, i) => {
          const n = i + 1;
          const nameError = errors[`options.${i}.name`];
          const valuesError = errors[`options.${i}.values`];
          return (
            <div key={i} className="grid grid-cols-1 items-start gap-3 rounded-md ring-1 ring-gray-200 p-3 sm:grid-cols-[1fr_2fr_auto]">
              <div>
                <label htmlFor={`option-${i}-name`} className="block text-sm font-medium text-gray-900">
                  Option {n} name
                </label>
                <Input
                  id={`option-${i}-name`}
                  type="text"
                  className="mt-2"
                  placeholder="e.g. Size"
                  value={option.name}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? `option-${i}-name-error` : undefined}
                  onChange={(e) => setOption(i, 'name', e.target.value)}
                />
                {nameError && (
                  <p id={`option-${i}-name-error`} className={message}>
                    {nameError}
                  </p>
                )}
              </div>
              <div>
                <label htmlFor={`option-${i}-values`} className="block text-sm font-medium text-gray-900">
                  Option {n} values
                </label>
                <Input
                  id={`option-${i}-values`}
                  type="text"
                  className="mt-2"
                  placeholder="e.g. 42, 43, 44"
                  value={option.values}
                  aria-invalid={valuesError ? true : undefined}
                  aria-describedby={`option-${i}-values-help${valuesError ? ` option-${i}-values-error` : ''}`}
                  onChange={(e) => setOption(i, 'values', e.target.value)}
                />
                <p id={`option-${i}-values-help`} className="mt-1 text-xs text-gray-600">
                  Separated by commas
                </p>
                {valuesError && (
                  <p id={`option-${i}-values-error`} className={message}>
                    {valuesError}
                  </p>
                )}
              </div>
              <Button id={`option-${i}-remove`} look="secondary" size="sm" className="sm:mt-7" onClick={() => remove(i)}>
                Remove <span className="sr-only">option {option.name.trim() || n}</span>
              </Button>
            </div>
          );
        })}
        {state.options.length < MAX_OPTIONS && (
          <Button id="option-add" look="secondary" size="sm" onClick={() => onChange({ ...state, options: [...state.options, { name: '', values: '' }] })}>
            Add an option
          </Button>
        )}
      </div>

      {whole.length > 0 && (
        <div role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-700">
          {whole.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}

      {state.options.length > 0 && rows.length > 0 && (
        <div className="mt-6">
          <h3 id="variants-heading" className="text-sm font-semibold text-gray-900">
            Variants ({rows.length})
          </h3>
          <div aria-hidden="true" className={`hidden ${COLUMNS} mt-2 border-b border-gray-200 pb-2 text-xs font-semibold text-gray-700`}>
            <span>Variant</span>
            {CELLS.map((c) => (
              <span key={c.field}>{c.label}</span>
            ))}
            <span>Picture</span>
          </div>
          <ul aria-labelledby="variants-heading" className="mt-2 space-y-3 sm:space-y-2">
            {rows.map((row, i) => {
              const label = rowLabel(state.options, row.values);
              return (
                <li key={row.key} className={`rounded-md p-3 ring-1 ring-gray-200 sm:rounded-none sm:p-0 sm:ring-0 ${COLUMNS} sm:items-start`}>
                  <p className="text-sm font-medium text-gray-900 sm:pt-2">{label}</p>
                  <div className="mt-2 grid grid-cols-2 gap-3 sm:contents">
                    {CELLS.map((c) => {
                      const id = `variant-${i}-${c.field}`;
                      const error = errors[`variants.${i}.${c.field}`];
                      return (
                        <div key={c.field} className={c.field === 'sku' ? 'col-span-2 sm:col-span-1' : ''}>
                          <label htmlFor={id} className="block text-xs font-medium text-gray-700 sm:sr-only">
                            {c.label}
                            <span className="sr-only"> for {label}</span>
                          </label>
                          <Input
                            id={id}
                            type={c.type}
                            step={c.step}
                            inputMode={c.mode}
                            placeholder={c.placeholder}
                            className="mt-1 sm:mt-0"
                            value={row[c.field]}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${id}-error` : undefined}
                            onChange={(e) => onChange(setCell(state, row, c.field, e.target.value))}
                          />
                          {error && (
                            <p id={`${id}-error`} className={message}>
                              {error}
                            </p>
                          )}
                        </div>
                      );
                    })}
                    <VariantPicture id={`variant-${i}-image`} label={label} row={row} state={state} images={images} error={errors[`variants.${i}.image`]} onChange={onChange} />
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
