import { useState, type FormEvent } from 'react';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { Button, Input, Select } from '../../../components/controls';
import { ApiError } from '../../../lib/apiClient';
import { useFocusAfter } from '../../../lib/useFocusAfter';
import { deleteTaxonomy, mergeTaxonomy, updateTaxonomy, type TaxonomyItem, type TaxonomyKind } from './taxonomyAPI';

interface Props {
  kind: TaxonomyKind;
  noun: string;
  item: TaxonomyItem;
  others: TaxonomyItem[];
  /** After a rename: the section reloads its list. */
  onChanged: () => void;
  /**
   * After a merge or a delete, the row is gone: the section reloads its list and gives the focus
   * to another row, `into` (the row merged into) when there is one.
   */
  onRemoved: (into?: number) => void;
}

/** The id of a row's Rename button, where the focus goes when a row is left or comes back. */
export const renameButtonId = (kind: TaxonomyKind, id: number) => `${kind}-${id}-rename`;

const messageOf = (error: unknown) =>
  error instanceof ApiError ? [error.message, ...Object.values(error.errors ?? {})].join(': ') : 'Something went wrong. Try again.';
const used = (n: number) => `Used by ${n} product${n === 1 ? '' : 's'}`;
const moving = (n: number) => (n === 0 ? 'No product moves' : n === 1 ? 'Its product moves' : `Its ${n} products move`);

/**
 * One brand or category: rename (name and slug) inline, merge into another, delete when unused.
 * The rename form opens with what is stored and takes the focus; closed (saved or not), it hands
 * the focus back to Rename. A merged or deleted row leaves it to the row the section names.
 */
export default function TaxonomyRow({ kind, noun, item, others, onChanged, onRemoved }: Props) {
  const [editing, setEditing] = useState(false);
  const [label, setLabel] = useState(item.label);
  const [value, setValue] = useState(item.value);
  const [into, setInto] = useState('');
  /** Merging cannot be undone: it asks first. */
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [renameButton, refocus] = useFocusAfter<HTMLButtonElement>();
  const base = `${kind}-${item.id}`;

  const open = () => {
    setLabel(item.label);
    setValue(item.value);
    setEditing(true);
  };
  const close = () => {
    setEditing(false);
    refocus();
  };

  /** `removed`: the write takes the row away (a merge: the row merged into; a delete: null). */
  const run = async (write: () => Promise<unknown>, removed?: { into: number | null }) => {
    setBusy(true);
    setError(null);
    try {
      await write();
      if (removed) onRemoved(removed.into ?? undefined);
      else {
        close();
        onChanged();
      }
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const rename = (event: FormEvent) => {
    event.preventDefault();
    const changes = { ...(label !== item.label ? { label } : {}), ...(value !== item.value ? { value } : {}) };
    if (Object.keys(changes).length === 0) close();
    else void run(() => updateTaxonomy(kind, item.id, changes));
  };
  const target = others.find((o) => String(o.id) === into);
  // A choice that left the list (merged or deleted meanwhile) is no choice.
  const chosen = target ? into : '';
  const merge = (event: FormEvent) => {
    event.preventDefault();
    if (target) setAsking(true);
  };

  return (
    <li aria-label={item.label} className="py-3">
      {editing ? (
        <form onSubmit={rename} className="flex flex-wrap items-end gap-2" aria-label={`Rename ${item.label}`}>
          <label className="text-sm text-gray-900">
            Name
            <Input id={`${base}-label`} value={label} onChange={(e) => setLabel(e.target.value)} required maxLength={80} autoFocus />
          </label>
          <label className="text-sm text-gray-900">
            Slug
            <Input id={`${base}-value`} value={value} onChange={(e) => setValue(e.target.value)} required maxLength={80} />
          </label>
          <Button type="submit" size="sm" busy={busy}>
            {busy ? 'Saving…' : 'Save'}
          </Button>
          <Button look="secondary" size="sm" onClick={close} busy={busy}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <span className="font-medium text-gray-900">{item.label}</span>
          <code className="text-sm text-gray-600">{item.value}</code>
          <span className="text-sm text-gray-700">
            {item.products} product{item.products === 1 ? '' : 's'}
          </span>
          <Button ref={renameButton} id={renameButtonId(kind, item.id)} look="secondary" size="sm" onClick={open} aria-label={`Rename ${item.label}`}>
            Rename
          </Button>
          <form onSubmit={merge} className="flex items-center gap-2">
            <label htmlFor={`${base}-into`} className="sr-only">{`Merge ${item.label} into`}</label>
            <Select compact id={`${base}-into`} value={chosen} onChange={(e) => setInto(e.target.value)}>
              <option value="">Merge into…</option>
              {others.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </Select>
            <Button type="submit" look="secondary" size="sm" busy={busy} disabled={!target} aria-label={`Merge ${item.label}`}>
              Merge
            </Button>
          </form>
          <Button
            look="danger"
            size="sm"
            busy={busy}
            disabled={item.products > 0}
            aria-label={`Delete ${item.label}`}
            aria-describedby={item.products > 0 ? `${base}-why` : undefined}
            onClick={() => void run(() => deleteTaxonomy(kind, item.id), { into: null })}
          >
            Delete
          </Button>
          {item.products > 0 && (
            <span id={`${base}-why`} className="text-xs text-gray-600">
              {`${used(item.products)}: merge it into another ${noun} first`}
            </span>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={asking && target !== undefined}
        title={`Merge ${item.label} into ${target?.label ?? ''}?`}
        message={`${moving(item.products)} to ${target?.label ?? ''}, and ${item.label} is deleted. This cannot be undone.`}
        confirmLabel="Merge"
        onConfirm={() => {
          setAsking(false);
          if (target) void run(() => mergeTaxonomy(kind, item.id, target.id), { into: target.id });
        }}
        onCancel={() => setAsking(false)}
      />
    </li>
  );
}
