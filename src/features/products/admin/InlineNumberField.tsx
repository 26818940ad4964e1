import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/controls';
import { fieldError, saveInlineField, type InlineField } from './productTableAPI';

interface InlineNumberFieldProps {
  id: string;
  /** The field's name for screen readers: "Price of iPhone 15". */
  label: string;
  value: number;
  field: InlineField;
  /** Decimal for a price, numeric for a stock (the keyboard a phone shows). */
  inputMode: 'decimal' | 'numeric';
  onSaved: () => void;
}

/**
 * A number of the products table edited in place: Save (or Enter) once it differs; the server
 * checks it, and its message for the field shows under it (the field stays as typed to correct).
 * The parent remounts it (key) when the saved value comes back.
 */
export default function InlineNumberField({ id, label, value, field, inputMode, onSaved }: InlineNumberFieldProps) {
  const [typed, setTyped] = useState(String(value));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dirty = typed.trim() !== String(value);
  const errorId = `${id}-error`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || saving) return;
    setSaving(true);
    setError(null);
    try {
      await saveInlineField(field, typed.trim());
      onSaved();
    } catch (err) {
      setError(fieldError(err, field));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={save} className="flex flex-wrap items-center gap-1">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
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
        <Button type="submit" size="sm" disabled={saving} aria-label={`Save ${label.charAt(0).toLowerCase()}${label.slice(1)}`}>
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
