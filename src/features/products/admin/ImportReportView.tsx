import { Link } from 'react-router-dom';
import type { ImportReport, RowError } from './productTransfer';
import { toRowErrors } from './productTransfer';

const products = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

/** The dry run's report: rows, products to create, to update and left as they are, and every row error. */
export function DryRunReport({ report }: { report: ImportReport }) {
  const errors = toRowErrors(report.errors);
  const nothing = report.create + report.update === 0;
  return (
    <section aria-labelledby="check-heading" className="mt-6 rounded-lg p-4 ring-1 ring-gray-900/10">
      <h2 id="check-heading" className="text-base font-semibold text-gray-900">
        Check of the file
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
        <Figure label="Rows" value={report.rows} />
        <Figure label="To create" value={report.create} />
        <Figure label="To update" value={report.update} />
        <Figure label="No change" value={report.unchanged} />
      </dl>
      {errors.length > 0 ? (
        <>
          <p className="mt-4 text-sm font-medium text-red-800">
            {errors.length === 1 ? '1 error' : `${errors.length} errors`}: fix the file and check it again. Nothing has been
            imported.
          </p>
          <RowErrorTable errors={errors} caption="Errors in the file" />
        </>
      ) : (
        <>
          <p className="mt-4 text-sm text-green-800">
            {nothing
              ? 'No errors, and nothing to import: every product in the file is as the shop has it.'
              : 'No errors. Nothing is imported until you press the import button.'}
          </p>
          {report.changes && Object.keys(report.changes).length > 0 && <ChangesTable changes={report.changes} />}
        </>
      )}
    </section>
  );
}

/** What each row of the file would change (the server's words, by "row N"). */
function ChangesTable({ changes }: { changes: Record<string, string> }) {
  return (
    <div role="region" aria-label="What the import would change" tabIndex={0} className="relative mt-3 max-h-96 overflow-auto rounded-md ring-1 ring-gray-900/10 focus-visible:outline-2 focus-visible:outline-brand-600">
      <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
        <caption className="sr-only">What the import would change</caption>
        <thead className="bg-gray-50 text-xs font-semibold text-gray-700 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Row
            </th>
            <th scope="col" className="px-3 py-2">
              Change
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 bg-white">
          {Object.entries(changes).map(([row, change]) => (
            <tr key={row}>
              <td className="px-3 py-2 whitespace-nowrap">{row.replace(/^row /, '')}</td>
              <td className="px-3 py-2 text-gray-900">{change}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-gray-600">{label}</dt>
      <dd className="text-lg font-semibold text-gray-900">{value}</dd>
    </div>
  );
}

/** Row, field and message of each error (a file-wide error has no row). */
export function RowErrorTable({ errors, caption }: { errors: RowError[]; caption: string }) {
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="relative mt-3 max-h-96 overflow-auto rounded-md ring-1 ring-gray-900/10 focus-visible:outline-2 focus-visible:outline-brand-600">
      <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-xs font-semibold text-gray-700 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Row
            </th>
            <th scope="col" className="px-3 py-2">
              Field
            </th>
            <th scope="col" className="px-3 py-2">
              Message
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 bg-white">
          {errors.map((error) => (
            <tr key={`${error.row}.${error.field}`}>
              <td className="px-3 py-2 whitespace-nowrap">{error.row ?? '—'}</td>
              <td className="px-3 py-2 font-mono">{error.field}</td>
              <td className="px-3 py-2 text-red-800">{error.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the real import did, with a link to every product it created or changed (and how many it left as they were). */
export function ImportResult({ report }: { report: ImportReport }) {
  const created = report.created ?? [];
  const updated = report.updated ?? [];
  return (
    <section aria-labelledby="result-heading" className="mt-6 rounded-lg bg-green-50 p-4">
      <h2 id="result-heading" className="text-base font-semibold text-green-900">
        Imported: {products(created.length)} created, {products(updated.length)} updated
        {report.unchanged > 0 && `, ${report.unchanged} unchanged`}
      </h2>
      <ProductLinks title="Created" ids={created} />
      <ProductLinks title="Updated" ids={updated} />
    </section>
  );
}

function ProductLinks({ title, ids }: { title: string; ids: number[] }) {
  if (ids.length === 0) return null;
  return (
    <>
      <h3 className="mt-3 text-sm font-medium text-gray-900">{title}</h3>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {ids.map((id) => (
          <li key={id}>
            <Link to={`/admin/productdetail/${id}`} className="text-brand-700 underline hover:text-brand-900">
              Product #{id}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
