import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/controls';
import { toNumber } from '../../../domain/fieldRule';
import { useFocusAfter } from '../../../lib/useFocusAfter';
import { fieldError, saveInlineField, type InlineField } from './productTableAPI';

interface InlineNumberFieldProps {
  id: string;
  /** The field's name for screen readers: "Price of iPhone 15". */
  label: string;
  value: number;
  field: InlineField;
  /** Decimal for a price, numeric for a stock (the keyboard a phone shows). */
  inputMode: 'decimal' | 'numeric';
  /** Saved: with the field's id when the focus was on it or its Save (the table may move the row). */
  onSaved: (focusedId: string | null) => void;
}

/**
 * A number of the products table edited in place: Save (or Enter) once it differs from the stored
 * number ("22.50" is 22.5); the server checks it, and its message for the field shows under it (the
 * field stays as typed to correct). Saved, the field shows the number as stored, and so it does
 * when the table brings a new one. The field stays the same element throughout, so it keeps the
 * keyboard focus; from Save, which goes once saved, the focus goes back to the field.
 */
export default function InlineNumberField({ id, label, value, field, inputMode, onSaved }: InlineNumberFieldProps) {
  // The number the field stands for: the table's, or the one saved here until the table brings it.
  const [stored, setStored] = useState({ from: value, number: value });
  const [typed, setTyped] = useState(String(value));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const [input, refocus] = useFocusAfter<HTMLInputElement>();
  if (stored.from !== value) {
    setStored({ from: value, number: value });
    setTyped(String(value));
    setError(null);
  }
  const dirty = toNumber(typed) !== stored.number;
  const errorId = `${id}-error`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!dirty) {
      setTyped(String(stored.number));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await saveInlineField(field, typed.trim());
      const number = toNumber(typed);
      setStored((s) => ({ ...s, number }));
      setTyped(String(number));
      const focused = form.current?.contains(document.activeElement) ?? false;
      if (focused) refocus();
      onSaved(focused ? id : null);
    } catch (err) {
      setError(fieldError(err, field));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form ref={form} onSubmit={save} className="flex flex-wrap items-center gap-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="text"
        inputMode={inputMode}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="w-24 rounded-md bg-white px-2 py-1 text-right text-sm text-gray-900 tabular-nums outline-1 -outline-offset-1 outline-gray-400 focus:outline-2 focus:-outline-offset-2 focus:outline-brand-600 aria-invalid:outline-red-600"
      />
      {dirty && (
        <Button type="submit" size="sm" busy={saving} aria-label={`Save ${label.charAt(0).toLowerCase()}${label.slice(1)}`}>
          {saving ? 'Saving…' : 'Save'}
        </Button>
      )}
      {error && (
        <p id={errorId} role="alert" className="w-full text-xs text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
