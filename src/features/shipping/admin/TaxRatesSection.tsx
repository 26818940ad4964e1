import type { TaxRate } from '../../../domain/checkout';
import RecordCard from './RecordCard';
import RecordsSection from './RecordsSection';
import { createTaxRate, deleteTaxRate, fetchTaxRates, updateTaxRate, type TaxRateBody } from './shippingAPI';
import TaxRateForm from './TaxRateForm';
import { rowKey, useRecords, type RecordsApi } from './useRecords';

const place = (r: TaxRate) => r.state ?? 'Whole country';

const RATES: RecordsApi<TaxRate, TaxRateBody> = {
  load: () => fetchTaxRates(),
  create: createTaxRate,
  update: updateTaxRate,
  remove: deleteTaxRate,
  saved: (r) => `Tax rate of ${r.state ?? r.country} saved`,
  deleted: (r) => `Tax rate of ${place(r)}, ${r.country} deleted`,
};

/** The tax rates, of a country or of one of its states: add, edit, delete. */
export default function TaxRatesSection() {
  const { list, editing, edit, heading, close, save, remove } = useRecords('rates', RATES);

  return (
    <RecordsSection
      id="rates"
      title="Tax rates"
      className="mt-12"
      headingRef={heading}
      hint="Charged on the discounted goods plus shipping. A state without a rate of its own pays its country’s; a country without one pays no tax."
      list={list}
      addLabel="Add tax rate"
      onAdd={() => edit('new')}
      adding={editing === 'new' && <TaxRateForm save={(body) => save('new', body)} onCancel={close} />}
      says={{ loading: 'Loading tax rates…', failed: 'The tax rates could not be loaded', empty: 'No tax rates yet: no tax is charged.' }}
    >
      {(all) => (
        <ul className="grid grid-cols-1 gap-3">
          {all.map((r) => (
            <li key={r.id} data-row={rowKey('rates', r.id)}>
              {editing === r.id ? (
                <TaxRateForm rate={r} save={(body) => save(r.id, body)} onCancel={close} />
              ) : (
                <RecordCard
                  name={`Tax rate: ${place(r)}, ${r.country}`}
                  factsClassName="grid flex-1 grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3"
                  facts={[
                    ['Country', r.country],
                    ['State', place(r)],
                    ['Rate', `${r.rate} %`],
                  ]}
                  editLabel={`Edit the tax rate of ${place(r)}, ${r.country}`}
                  onEdit={() => edit(r.id)}
                  deletion={{
                    label: `Delete the tax rate of ${place(r)}, ${r.country}`,
                    title: `Delete the tax rate of ${place(r)}, ${r.country}?`,
                    message:
                      r.state === null
                        ? `Orders to ${r.country} without a state rate of their own will pay no tax.`
                        : `Orders to ${r.state} will pay ${r.country}'s rate, if it has one.`,
                    run: () => remove(r),
                    failed: (message) => `The tax rate was not deleted: ${message}`,
                  }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </RecordsSection>
  );
}
