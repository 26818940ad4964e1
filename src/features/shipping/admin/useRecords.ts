import { useRef, useState } from 'react';
import { useAppAlert } from '../../../components/Alerts';
import { useLatest } from '../../../lib/useLatest';
import { useFocusNeighbour } from '../../../lib/useFocusNeighbour';

/** How a list's records are read, written and announced (a module-level object: `load` must be stable). */
export interface RecordsApi<T, Body> {
  load: () => Promise<T[]>;
  create: (body: Body) => Promise<T>;
  update: (id: number, body: Body) => Promise<T>;
  remove: (id: number) => Promise<unknown>;
  saved: (record: T) => string;
  deleted: (record: T) => string;
}

/** The `data-row` of a record's row in the list under `key`. */
export const rowKey = (key: string, id: number) => `${key}-${id}`;

/**
 * A list the page edits in place: loaded under `key`, one record edited at a time ('new': the new
 * one's form), each save or deletion said in an alert and followed by the list read again; a
 * closed form hands the focus to the list's heading, a deleted record to its neighbour's first
 * control (the heading when none is left). Each record's row is marked `data-row={rowKey(key, id)}`.
 */
export function useRecords<T extends { id: number }, Body>(key: string, api: RecordsApi<T, Body>) {
  const alert = useAppAlert();
  const list = useLatest(key, api.load);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusNeighbour = useFocusNeighbour(() => heading.current);

  const close = () => {
    setEditing(null);
    heading.current?.focus();
  };
  return {
    list,
    editing,
    edit: setEditing,
    heading,
    close,
    async save(id: number | 'new', body: Body) {
      const saved = id === 'new' ? await api.create(body) : await api.update(id, body);
      alert.success(api.saved(saved));
      list.retry();
      close();
    },
    async remove(record: T) {
      await api.remove(record.id);
      focusNeighbour(rowKey(key, record.id));
      alert.success(api.deleted(record));
      list.retry();
    },
  };
}
