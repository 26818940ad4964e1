import type { ReactNode, Ref } from 'react';
import { Button } from '../../../components/controls';
import ErrorMessage from '../../../components/ErrorMessage';
import Spinner from '../../../components/Spinner';
import type { Latest } from '../../../lib/useLatest';

interface RecordsSectionProps<T> {
  /** `${id}-heading` names the section. */
  id: string;
  title: string;
  className: string;
  /** The heading, focused when a form closes. */
  headingRef: Ref<HTMLHeadingElement>;
  hint: string;
  list: Latest<T[]>;
  addLabel: string;
  onAdd: () => void;
  /** The form of a new record, while one is being added. */
  adding: ReactNode;
  /** What the list area says while loading, after a failed load, and when there is nothing. */
  says: { loading: string; failed: string; empty: string };
  children: (records: T[]) => ReactNode;
}

/** One list of the page: its heading with 'Add …', a hint, the new record's form, then the records (or why not). */
export default function RecordsSection<T>({ id, title, className, headingRef, hint, list, addLabel, onAdd, adding, says, children }: RecordsSectionProps<T>) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-gray-900 focus:outline-none">
          {title}
        </h2>
        {!adding && list.data && (
          <Button size="sm" onClick={onAdd}>
            {addLabel}
          </Button>
        )}
      </div>
      <p className="mt-1 text-sm text-gray-600">{hint}</p>
      {adding && <div className="mt-4">{adding}</div>}
      <div className="mt-4" aria-busy={list.loading} data-rows>
        {list.error ? (
          <ErrorMessage title={says.failed} message={list.error} onRetry={list.retry} />
        ) : !list.data ? (
          <Spinner label={says.loading} />
        ) : list.data.length === 0 ? (
          <p className="rounded-md bg-gray-50 p-6 text-center text-sm text-gray-700">{says.empty}</p>
        ) : (
          children(list.data)
        )}
      </div>
    </section>
  );
}
