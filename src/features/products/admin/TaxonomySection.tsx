import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Input } from '../../../components/controls';
import { ApiError } from '../../../lib/apiClient';
import { createTaxonomy, fetchTaxonomy, type TaxonomyItem, type TaxonomyKind } from './taxonomyAPI';
import TaxonomyRow, { renameButtonId } from './TaxonomyRow';

interface Props {
  kind: TaxonomyKind;
  title: string;
  /** 'brand' or 'category', in messages. */
  noun: string;
}

/** One list (brands or categories): each with its product count, and a form to add one. */
export default function TaxonomySection({ kind, title, noun }: Props) {
  const [items, setItems] = useState<TaxonomyItem[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [value, setValue] = useState('');
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  // A row merged or deleted is gone once the list is read again: the focus goes to this row then
  // ('add': the name of a new one, when the list is empty or one was just added), not to the page's start.
  const focusNext = useRef<number | 'add' | null>(null);

  const load = useCallback(() => {
    setLoadError(null);
    fetchTaxonomy(kind).then(setItems, (e: unknown) => {
      focusNext.current = null;
      setLoadError(e instanceof Error ? e.message : 'Could not load the list');
    });
  }, [kind]);
  useEffect(load, [load]);

  useEffect(() => {
    const next = focusNext.current;
    if (next === null || items === null) return;
    focusNext.current = null;
    document.getElementById(next === 'add' ? `${kind}-new-name` : renameButtonId(kind, next))?.focus();
  }, [items, kind]);

  /** Row `id` is gone: the focus goes to the row merged into, else the next row, else the one before. */
  const removed = (id: number, into?: number) => {
    const list = items ?? [];
    const at = list.findIndex((item) => item.id === id);
    focusNext.current = into ?? list[at + 1]?.id ?? list[at - 1]?.id ?? 'add';
    load();
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (adding) return;
    setAdding(true);
    setAddError(null);
    try {
      await createTaxonomy(kind, { label, ...(value.trim() ? { value: value.trim() } : {}) });
      setLabel('');
      setValue('');
      // Ready for the next one: the focus goes to the name (from Add, or kept there after Enter).
      focusNext.current = 'add';
      load();
    } catch (e) {
      setAddError(e instanceof ApiError ? [e.message, ...Object.values(e.errors ?? {})].join(': ') : 'Could not add it. Try again.');
    } finally {
      setAdding(false);
    }
  };

  const headingId = `${kind}-heading`;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      <form onSubmit={add} className="mt-3 flex flex-wrap items-end gap-2" aria-label={`Add a ${noun}`}>
        <label className="text-sm text-gray-900">
          {`New ${noun} name`}
          <Input id={`${kind}-new-name`} value={label} onChange={(e) => setLabel(e.target.value)} required maxLength={80} />
        </label>
        <label className="text-sm text-gray-900">
          Slug (optional)
          <Input value={value} onChange={(e) => setValue(e.target.value)} maxLength={80} placeholder="made from the name" />
        </label>
        <Button type="submit" size="sm" busy={adding}>
          {adding ? 'Adding…' : `Add ${noun}`}
        </Button>
      </form>
      {addError && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {addError}
        </p>
      )}
      {loadError ? (
        <div role="alert" className="mt-3 text-sm text-red-700">
          {loadError}{' '}
          <Button look="secondary" size="sm" onClick={load}>
            Try again
          </Button>
        </div>
      ) : items === null ? (
        <p className="mt-3 text-sm text-gray-600" role="status">{`Loading ${title.toLowerCase()}…`}</p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-200">
          {items.map((item) => (
            <TaxonomyRow
              key={item.id}
              kind={kind}
              noun={noun}
              item={item}
              others={items.filter((o) => o.id !== item.id)}
              onChanged={load}
              onRemoved={(into) => removed(item.id, into)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
