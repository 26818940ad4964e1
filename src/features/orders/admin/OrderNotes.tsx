import { useState, type FormEvent } from 'react';
import { Button, Field, Textarea } from '../../../components/controls';
import { refusalOf } from '../../../lib/serverErrors';
import { MAX_NOTE_LENGTH, type OrderNote } from '../../../domain/backOffice';
import { addOrderNote } from './adminOrderAPI';
import { orderDateTime } from './orderFormat';
import { usePermission } from '../../../lib/usePermission';

/** The rule the server applies too: 1 to MAX_NOTE_LENGTH characters once trimmed. */
function noteError(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return 'Note is required';
  if ([...trimmed].length > MAX_NOTE_LENGTH) return `Note must be at most ${MAX_NOTE_LENGTH} characters`;
  return undefined;
}

/** The order's internal notes (only admins see them), oldest first, and the form that adds one. */
export default function OrderNotes({ orderId, notes, onAdded }: { orderId: number; notes: OrderNote[]; onAdded: (note: OrderNote) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Support staff read the notes; adding one takes orders.write.
  const canAdd = usePermission('orders.write');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    const invalid = noteError(text);
    setError(invalid);
    setFailure(null);
    if (invalid) return;
    setSaving(true);
    try {
      onAdded(await addOrderNote(orderId, text));
      setText('');
    } catch (rejected) {
      const { message, errors } = refusalOf(rejected);
      if (errors.text) setError(errors.text);
      else setFailure(`The note could not be added: ${message}`);
    }
    setSaving(false);
  }

  return (
    <section aria-labelledby="notes-heading" className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:p-6">
      <h2 id="notes-heading" className="text-lg font-semibold text-gray-900">
        Internal notes
      </h2>
      <p className="mt-1 text-sm text-gray-600">Only the shop's staff see these; the customer never does.</p>
      {notes.length === 0 ? (
        <p className="mt-4 text-sm text-gray-700">No notes yet.</p>
      ) : (
        <ol aria-label="Notes" className="mt-4 space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md bg-gray-50 p-3 text-sm">
              <p className="break-words whitespace-pre-line text-gray-900">{note.text}</p>
              <p className="mt-1 text-xs text-gray-600">
                {note.by.email} · <time dateTime={note.at}>{orderDateTime(note.at)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      {canAdd && (
        <form onSubmit={submit} noValidate className="mt-4">
          <Field id="note-text" label="Add a note" error={error}>
            {(control) => <Textarea {...control} rows={3} value={text} onChange={(event) => setText(event.target.value)} />}
          </Field>
          {failure && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {failure}
            </p>
          )}
          {/* Busy, not disabled, while it saves: a disabled button drops the keyboard focus. */}
          <Button type="submit" look="primary" busy={saving} className="mt-3">
            {saving ? 'Adding…' : 'Add note'}
          </Button>
        </form>
      )}
    </section>
  );
}
