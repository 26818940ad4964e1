import type { ReactNode } from 'react';
import ConfirmedAction from '../../../components/ConfirmedAction';
import { Button } from '../../../components/controls';

interface RecordCardProps {
  /** The record's name, for the article and its buttons. */
  name: string;
  /** What stands before its figures (a method's name). */
  lead?: ReactNode;
  /** The figures' list classes. */
  factsClassName: string;
  /** Each figure: its term, its value and, when it needs one, its own classes. */
  facts: [term: string, value: ReactNode, className?: string][];
  editLabel: string;
  onEdit: () => void;
  /** 'Delete', asked about first: the question, the deletion, and the failure's words. */
  deletion: { label: string; title: string; message: string; run: () => Promise<void>; failed: (message: string) => string };
}

const term = 'text-xs font-medium text-gray-600';
const value = 'text-sm text-gray-900';

/** A shipping method or a tax rate as the back office lists it: its figures, Edit and Delete. */
export default function RecordCard({ name, lead, factsClassName, facts, editLabel, onEdit, deletion }: RecordCardProps) {
  return (
    <article aria-label={name} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-900/5 sm:flex sm:items-center sm:gap-6">
      {lead}
      <dl className={factsClassName}>
        {facts.map(([label, shown, className]) => (
          <div key={label} className={className}>
            <dt className={term}>{label}</dt>
            <dd className={value}>{shown}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-3 flex flex-wrap gap-2 sm:mt-0">
        <Button look="secondary" size="sm" aria-label={editLabel} onClick={onEdit}>
          Edit
        </Button>
        <ConfirmedAction
          label="Delete"
          busyLabel="Deleting…"
          aria-label={deletion.label}
          question={{ title: deletion.title, message: deletion.message, confirmLabel: 'Delete' }}
          run={deletion.run}
          failed={deletion.failed}
        />
      </div>
    </article>
  );
}
