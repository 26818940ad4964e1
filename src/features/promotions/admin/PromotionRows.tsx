import type { ReactNode } from 'react';
import { Button } from '../../../components/controls';
import type { Promotion } from '../../../domain/checkout';
import type { FilterOption } from '../../../domain/listing';
import { appliesTo, datesOf, phaseAt, takesOff, usageOf } from './promotionsAPI';

interface Props {
  promotions: Promotion[];
  /** The shop's categories: a promotion's are shown by name. */
  categories: readonly FilterOption[];
  onEdit: (p: Promotion) => void;
  onToggle: (p: Promotion) => void;
  /** The delete control (asks first) of a promotion. */
  remove: (p: Promotion) => ReactNode;
}

const th = 'px-3 py-3';
const td = 'px-3 py-3 align-top';
const term = 'text-xs font-medium text-gray-600';
const value = 'text-sm text-gray-900';

function Code({ p }: { p: Promotion }) {
  return p.code === null ? <span className="text-gray-700">Automatic</span> : <code className="font-mono text-gray-900">{p.code}</code>;
}

const badge = 'inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1';

/** Switched on and within its dates (Active), on but not yet or no more (Scheduled, Ended), or off (Inactive). */
function Status({ p }: { p: Promotion }) {
  if (!p.active) return <span className={`${badge} bg-gray-100 text-gray-800 ring-gray-500/30`}>Inactive</span>;
  const phase = phaseAt(p, Date.now());
  if (phase === 'running') return <span className={`${badge} bg-green-50 text-green-800 ring-green-600/30`}>Active</span>;
  return <span className={`${badge} bg-amber-50 text-amber-900 ring-amber-600/30`}>{phase === 'ended' ? 'Ended' : 'Scheduled'}</span>;
}

function Actions({ p, onEdit, onToggle, remove }: { p: Promotion } & Omit<Props, 'promotions' | 'categories'>) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button look="secondary" size="sm" aria-label={`Edit ${p.name}`} onClick={() => onEdit(p)}>
        Edit
      </Button>
      <Button look="secondary" size="sm" aria-label={`${p.active ? 'Deactivate' : 'Activate'} ${p.name}`} onClick={() => onToggle(p)}>
        {p.active ? 'Deactivate' : 'Activate'}
      </Button>
      {remove(p)}
    </div>
  );
}

/** The promotions as a table from the md width, as cards below it. */
export default function PromotionRows({ promotions, categories, ...actions }: Props) {
  const nameOf = (category: string) => categories.find((c) => c.value === category)?.label ?? category;
  return (
    <>
      <div role="region" aria-label="Promotions table" tabIndex={0} className="hidden overflow-x-auto rounded-lg shadow-sm ring-1 ring-gray-900/5 focus-visible:outline-2 focus-visible:outline-brand-600 md:block">
        <table className="min-w-full divide-y divide-gray-300 text-left text-sm">
          <thead className="bg-gray-50 text-xs font-semibold tracking-wide text-gray-700 uppercase">
            <tr>
              <th scope="col" className={th}>
                Name
              </th>
              <th scope="col" className={th}>
                Code
              </th>
              <th scope="col" className={th}>
                Takes off
              </th>
              <th scope="col" className={th}>
                Applies to
              </th>
              <th scope="col" className={th}>
                Dates
              </th>
              <th scope="col" className={th}>
                Used
              </th>
              <th scope="col" className={th}>
                Status
              </th>
              <th scope="col" className={th}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 bg-white">
            {promotions.map((p) => (
              <tr key={p.id}>
                <th scope="row" className={`${td} font-medium text-gray-900`}>
                  {p.name}
                  <p className="mt-1 max-w-xs text-xs font-normal text-gray-600">{p.label}</p>
                </th>
                <td className={td}>
                  <Code p={p} />
                  {p.stackable && <p className="text-xs text-gray-600">stackable</p>}
                </td>
                <td className={`${td} whitespace-nowrap`}>{takesOff(p)}</td>
                <td className={td}>{appliesTo(p, nameOf)}</td>
                <td className={`${td} whitespace-nowrap`}>{datesOf(p)}</td>
                <td className={`${td} whitespace-nowrap`}>{usageOf(p)}</td>
                <td className={td}>
                  <Status p={p} />
                </td>
                <td className={td}>
                  <Actions p={p} {...actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid grid-cols-1 gap-3 md:hidden">
        {promotions.map((p) => (
          <li key={p.id}>
            <article aria-label={p.name} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-900/5">
              <div className="flex items-start justify-between gap-3">
                <h2 className="text-sm font-semibold text-gray-900">{p.name}</h2>
                <Status p={p} />
              </div>
              <p className="mt-1 text-xs text-gray-600">{p.label}</p>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2">
                <div>
                  <dt className={term}>Code</dt>
                  <dd className={value}>
                    <Code p={p} />
                    {p.stackable && ' (stackable)'}
                  </dd>
                </div>
                <div>
                  <dt className={term}>Takes off</dt>
                  <dd className={value}>{takesOff(p)}</dd>
                </div>
                <div className="col-span-2">
                  <dt className={term}>Applies to</dt>
                  <dd className={value}>{appliesTo(p, nameOf)}</dd>
                </div>
                <div>
                  <dt className={term}>Dates</dt>
                  <dd className={value}>{datesOf(p)}</dd>
                </div>
                <div>
                  <dt className={term}>Used</dt>
                  <dd className={value}>{usageOf(p)}</dd>
                </div>
              </dl>
              <div className="mt-3">
                <Actions p={p} {...actions} />
              </div>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
