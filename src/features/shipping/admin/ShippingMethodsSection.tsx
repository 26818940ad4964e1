import { formatMoney, type ShippingMethod } from '../../../domain/checkout';
import { COUNTRIES } from '../../../domain/types';
import RecordCard from './RecordCard';
import RecordsSection from './RecordsSection';
import ShippingMethodForm from './ShippingMethodForm';
import { createShippingMethod, deleteShippingMethod, fetchShippingMethods, updateShippingMethod, type ShippingMethodBody } from './shippingAPI';
import { rowKey, useRecords, type RecordsApi } from './useRecords';

const METHODS: RecordsApi<ShippingMethod, ShippingMethodBody> = {
  load: () => fetchShippingMethods(),
  create: createShippingMethod,
  update: updateShippingMethod,
  remove: deleteShippingMethod,
  saved: (m) => `${m.name} (${m.country}) saved`,
  deleted: (m) => `${m.name} (${m.country}) deleted`,
};

const days = ({ minDays, maxDays }: ShippingMethod['estimate']) =>
  minDays === maxDays ? `${minDays} business day${minDays === 1 ? '' : 's'}` : `${minDays}–${maxDays} business days`;

/** Countries in the shop's order, then any other a record names. */
function countriesOf(records: { country: string }[]): string[] {
  const named = new Set(records.map((r) => r.country));
  return [...COUNTRIES.filter((c) => named.has(c)), ...[...named].filter((c) => !(COUNTRIES as readonly string[]).includes(c)).sort()];
}

/** The shipping methods, by country: add, edit, delete. */
export default function ShippingMethodsSection() {
  const { list, editing, edit, heading, close, save, remove } = useRecords('methods', METHODS);

  return (
    <RecordsSection
      id="methods"
      title="Shipping methods"
      className="mt-10"
      headingRef={heading}
      hint="A country without any method ships free."
      list={list}
      addLabel="Add shipping method"
      onAdd={() => edit('new')}
      adding={editing === 'new' && <ShippingMethodForm save={(body) => save('new', body)} onCancel={close} />}
      says={{
        loading: 'Loading shipping methods…',
        failed: 'The shipping methods could not be loaded',
        empty: 'No shipping methods yet: every country ships free.',
      }}
    >
      {(all) =>
        countriesOf(all).map((country) => (
          <section key={country} aria-labelledby={`methods-${country}`} className="mt-6 first:mt-0">
            <h3 id={`methods-${country}`} className="text-base font-semibold text-gray-900">
              {country}
            </h3>
            <ul className="mt-2 grid grid-cols-1 gap-3">
              {all
                .filter((m) => m.country === country)
                .map((m) => (
                  <li key={m.id} data-row={rowKey('methods', m.id)}>
                    {editing === m.id ? (
                      <ShippingMethodForm method={m} save={(body) => save(m.id, body)} onCancel={close} />
                    ) : (
                      <RecordCard
                        name={`${m.name} (${m.country})`}
                        lead={<p className="text-sm font-semibold text-gray-900 sm:w-48">{m.name}</p>}
                        factsClassName="mt-2 grid flex-1 grid-cols-2 gap-x-4 gap-y-2 sm:mt-0 sm:grid-cols-3"
                        facts={[
                          ['Price', m.amount === 0 ? 'Free' : formatMoney(m.amount)],
                          ['Free over', m.freeOver === null ? 'Never free' : formatMoney(m.freeOver)],
                          ['Delivery', days(m.estimate), 'col-span-2 sm:col-span-1'],
                        ]}
                        editLabel={`Edit ${m.name} (${m.country})`}
                        onEdit={() => edit(m.id)}
                        deletion={{
                          label: `Delete ${m.name} (${m.country})`,
                          title: `Delete ${m.name} (${m.country})?`,
                          message: 'Shoppers can no longer choose it. Orders placed with it keep what they were charged.',
                          run: () => remove(m),
                          failed: (message) => `${m.name} was not deleted: ${message}`,
                        }}
                      />
                    )}
                  </li>
                ))}
            </ul>
          </section>
        ))
      }
    </RecordsSection>
  );
}
