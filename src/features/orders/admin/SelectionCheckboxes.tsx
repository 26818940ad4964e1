import { useEffect, useRef } from 'react';

interface SelectionProps {
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], selected: boolean) => void;
}

const BOX = 'size-4 rounded border-gray-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** Ticks one order for the bulk status change. */
export function RowCheckbox({ id, selected, onSelect }: SelectionProps & { id: number }) {
  return (
    <input
      type="checkbox"
      aria-label={`Select order #${id}`}
      checked={selected.has(id)}
      onChange={(event) => onSelect([id], event.target.checked)}
      className={BOX}
    />
  );
}

/** Ticks (or unticks) every order of the page; mixed while only some of them are ticked. */
export function PageCheckbox({ ids, selected, onSelect }: SelectionProps & { ids: number[] }) {
  const ref = useRef<HTMLInputElement>(null);
  const ticked = ids.filter((id) => selected.has(id)).length;
  const all = ids.length > 0 && ticked === ids.length;
  const some = ticked > 0 && !all;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label="Select all orders on this page"
      checked={all}
      onChange={() => onSelect(ids, !all)}
      className={BOX}
    />
  );
}
