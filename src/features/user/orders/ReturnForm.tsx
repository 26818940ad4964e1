import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Textarea } from '../../../components/controls';
import { refusalOf } from '../../../lib/serverErrors';
import { MAX_RETURN_REASON, returnableUnits, type ReturnLine } from '../../../domain/returns';
import type { Order, OrderItem } from '../../../domain/types';
import { requestReturn } from './returnsAPI';
import { lineName } from '../../../domain/returnText';

const qtyId = (item: OrderItem) => `return-qty-${item.id}`;
const INPUT =
  'block w-24 rounded-md bg-white px-3 py-1.5 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-brand-600 aria-invalid:outline-red-600 sm:text-sm';

type Errors = Record<string, string>;

interface ReturnFormProps {
  order: Order;
  /** The lines that can still be returned (some units each). */
  lines: OrderItem[];
  onCancel: () => void;
  /** The order as the server answered it, with the new return. */
  onDone: (order: Order) => void;
}

/**
 * 'Return items' (loaded on demand by OrderReturns): how many of each returnable line (0 to what
 * can still be returned) and why; checked here first, then POST /orders/:id/returns. The server's
 * field messages go next to their fields, its message into the alert.
 */
export default function ReturnForm({ order, lines, onCancel, onDone }: ReturnFormProps) {
  const now = new Date();
  const max = (item: OrderItem) => returnableUnits(order, item, now);
  const [quantities, setQuantities] = useState<Record<number, string>>(() =>
    Object.fromEntries(lines.map((item) => [item.id, lines.length === 1 && max(item) === 1 ? '1' : '0'])),
  );
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [alertText, setAlertText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);

  function focusFirstInvalid(found: Errors) {
    const first = [...lines.map((item) => `line-${item.id}`), 'reason'].find((key) => found[key]);
    const id = first === 'reason' ? 'return-reason' : first ? `return-qty-${first.slice(5)}` : lines[0] ? qtyId(lines[0]) : '';
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>(`#${id}`)?.focus());
  }

  function check(): Errors {
    const found: Errors = {};
    let chosen = 0;
    for (const item of lines) {
      const text = (quantities[item.id] ?? '').trim();
      const n = Number(text);
      if (text === '' || !Number.isInteger(n) || n < 0 || n > max(item)) {
        found[`line-${item.id}`] = `Enter a whole number from 0 to ${max(item)}`;
      } else chosen += n;
    }
    if (chosen === 0 && Object.keys(found).length === 0) found.items = 'Choose at least one item to return';
    if (!reason.trim()) found.reason = 'Reason is required';
    else if (reason.trim().length > MAX_RETURN_REASON) found.reason = `Reason can be at most ${MAX_RETURN_REASON} characters`;
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAlertText('The return could not be requested: check the fields marked below.');
      focusFirstInvalid(found);
      return;
    }
    const items: ReturnLine[] = lines
      .map((item) => ({ line: item.id, quantity: Number(quantities[item.id]) }))
      .filter((line) => line.quantity > 0);
    setBusy(true);
    setAlertText(null);
    try {
      onDone(await requestReturn(order.id, { items, reason: reason.trim() }));
    } catch (error) {
      const refusal = refusalOf(error);
      const fields: Errors = {};
      const rest: string[] = [];
      for (const [key, message] of Object.entries(refusal.errors)) {
        const item = /^items\.(\d+)\./.exec(key);
        const line = item ? items[Number(item[1])]?.line : undefined;
        if (line !== undefined) fields[`line-${line}`] = message;
        else if (key === 'reason' || key === 'items') fields[key] = message;
        else rest.push(message);
      }
      setErrors(fields);
      setAlertText(`The return could not be requested: ${[refusal.message, ...rest].join(' ')}`);
      setBusy(false);
      focusFirstInvalid(fields);
    }
  }

  return (
    <form ref={form} noValidate onSubmit={submit} aria-labelledby="return-form-heading" className="mt-4 rounded-md bg-gray-50 p-3 sm:p-4">
      <h3 id="return-form-heading" ref={heading} tabIndex={-1} className="text-sm font-semibold text-gray-900 focus:outline-none">
        Return items
      </h3>
      <p className="mt-1 text-sm text-gray-700">Choose how many of each item you are sending back, and tell us why.</p>
      {alertText && (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-2 text-sm text-red-800">
          {alertText}
        </p>
      )}
      <fieldset className="mt-3" aria-describedby={errors.items ? 'return-items-error' : undefined}>
        <legend className="text-sm font-medium text-gray-900">How many to return</legend>
        <ul className="mt-2 space-y-3">
          {lines.map((item) => {
            const error = errors[`line-${item.id}`];
            const hint = `${qtyId(item)}-hint`;
            return (
              <li key={item.id}>
                <label htmlFor={qtyId(item)} className="block text-sm break-words text-gray-900">
                  {lineName(item)}
                </label>
                <div className="mt-1 flex flex-wrap items-center gap-x-3">
                  <input
                    id={qtyId(item)}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={max(item)}
                    step={1}
                    value={quantities[item.id] ?? ''}
                    disabled={busy}
                    onChange={(event) => setQuantities({ ...quantities, [item.id]: event.target.value })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${hint} ${qtyId(item)}-error` : hint}
                    className={INPUT}
                  />
                  <span id={hint} className="text-sm text-gray-700">
                    up to {max(item)}
                  </span>
                </div>
                {error && (
                  <p id={`${qtyId(item)}-error`} className="mt-1 text-sm text-red-700">
                    {error}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        {errors.items && (
          <p id="return-items-error" className="mt-2 text-sm text-red-700">
            {errors.items}
          </p>
        )}
      </fieldset>
      <div className="mt-4">
        <label htmlFor="return-reason" className="block text-sm font-medium text-gray-900">
          Reason
        </label>
        <Textarea
          id="return-reason"
          rows={3}
          value={reason}
          disabled={busy}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? 'return-reason-hint return-reason-error' : 'return-reason-hint'}
          className="mt-1"
        />
        <p id="return-reason-hint" className="mt-1 text-xs text-gray-700">
          Required, at most {MAX_RETURN_REASON} characters ({reason.trim().length} so far).
        </p>
        {errors.reason && (
          <p id="return-reason-error" className="mt-1 text-sm text-red-700">
            {errors.reason}
          </p>
        )}
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button type="submit" look="primary" size="sm" disabled={busy}>
          {busy ? 'Requesting…' : 'Request return'}
        </Button>
        <Button look="secondary" size="sm" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
