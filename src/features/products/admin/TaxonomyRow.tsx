import { useState, type FormEvent } from 'react';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { Button, Input, Select } from '../../../components/controls';
import { ApiError } from '../../../lib/apiClient';
import { deleteTaxonomy, mergeTaxonomy, updateTaxonomy, type TaxonomyItem, type TaxonomyKind } from './taxonomyAPI';

interface Props {
  kind: TaxonomyKind;
  noun: string;
  item: TaxonomyItem;
  others: TaxonomyItem[];
  /** After a write: the section reloads its list. */
  onChanged: () => void;
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? [error.message, ...Object.values(error.errors ?? {})].join(': ') : 'Something went wrong. Try again.';
const used = (n: number) => `Used by ${n} product${n === 1 ? '' : 's'}`;
const moving = (n: number) => (n === 0 ? 'No product moves' : n === 1 ? 'Its product moves' : `Its ${n} products move`);

/** One brand or category: rename (name and slug) inline, merge into another, delete when unused. */
export default function TaxonomyRow({ kind, noun, item, others, onChanged }: Props) {
  const [editing, setEditing] = useState(false);
  const [label, setLabel] = useState(item.label);
  const [value, setValue] = useState(item.value);
  const [into, setInto] = useState('');
  /** Merging cannot be undone: it asks first. */
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const base = `${kind}-${item.id}`;

  const run = async (write: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await write();
      setEditing(false);
      onChanged();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const rename = (event: FormEvent) => {
    event.preventDefault();
    const changes = { ...(label !== item.label ? { label } : {}), ...(value !== item.value ? { value } : {}) };
    if (Object.keys(changes).length === 0) setEditing(false);
    else void run(() => updateTaxonomy(kind, item.id, changes));
  };
  const target = others.find((o) => String(o.id) === into);
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
            <Input id={`${base}-label`} value={label} onChange={(e) => setLabel(e.target.value)} required maxLength={80} />
          </label>
          <label className="text-sm text-gray-900">
            Slug
            <Input id={`${base}-value`} value={value} onChange={(e) => setValue(e.target.value)} required maxLength={80} />
          </label>
          <Button type="submit" size="sm" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </Button>
          <Button look="secondary" size="sm" onClick={() => setEditing(false)} disabled={busy}>
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
          <Button look="secondary" size="sm" onClick={() => setEditing(true)} aria-label={`Rename ${item.label}`}>
            Rename
          </Button>
          <form onSubmit={merge} className="flex items-center gap-2">
            <label htmlFor={`${base}-into`} className="sr-only">{`Merge ${item.label} into`}</label>
            <Select compact id={`${base}-into`} value={into} onChange={(e) => setInto(e.target.value)}>
              <option value="">Merge into…</option>
              {others.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </Select>
            <Button type="submit" look="secondary" size="sm" disabled={busy || !into} aria-label={`Merge ${item.label}`}>
              Merge
            </Button>
          </form>
          <Button
            look="danger"
            size="sm"
            disabled={busy || item.products > 0}
            aria-label={`Delete ${item.label}`}
            aria-describedby={item.products > 0 ? `${base}-why` : undefined}
            onClick={() => void run(() => deleteTaxonomy(kind, item.id))}
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
          void run(() => mergeTaxonomy(kind, item.id, Number(into)));
        }}
        onCancel={() => setAsking(false)}
      />
    </li>
  );
}
