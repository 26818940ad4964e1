import { useRef, useState } from 'react';
import { useAppAlert } from '../../../components/Alerts';
import ConfirmedAction from '../../../components/ConfirmedAction';
import { Button } from '../../../components/controls';
import ErrorMessage from '../../../components/ErrorMessage';
import Spinner from '../../../components/Spinner';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { formatMoney, type ShippingMethod, type TaxRate } from '../../../domain/checkout';
import { COUNTRIES } from '../../../domain/types';
import { useLatest } from '../../../lib/useLatest';
import ShippingMethodForm from './ShippingMethodForm';
import {
  createShippingMethod,
  createTaxRate,
  deleteShippingMethod,
  deleteTaxRate,
  fetchShippingMethods,
  fetchTaxRates,
  updateShippingMethod,
  updateTaxRate,
} from './shippingAPI';
import TaxRateForm from './TaxRateForm';

const loadMethods = () => fetchShippingMethods();
const loadRates = () => fetchTaxRates();

const days = ({ minDays, maxDays }: ShippingMethod['estimate']) =>
  minDays === maxDays ? `${minDays} business day${minDays === 1 ? '' : 's'}` : `${minDays}–${maxDays} business days`;

const place = (r: TaxRate) => r.state ?? 'Whole country';

/** Countries in the shop's order, then any other a record names. */
function countriesOf(records: { country: string }[]): string[] {
  const named = new Set(records.map((r) => r.country));
  return [...COUNTRIES.filter((c) => named.has(c)), ...[...named].filter((c) => !(COUNTRIES as readonly string[]).includes(c)).sort()];
}

const card = 'rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-900/5';
const term = 'text-xs font-medium text-gray-600';
const value = 'text-sm text-gray-900';

/** /admin/shipping — shipping methods per country and tax rates: add, edit, delete. */
export default function ShippingScreen() {
  useDocumentTitle('Admin: Shipping and tax');
  const alert = useAppAlert();
  const methods = useLatest('methods', loadMethods);
  const rates = useLatest('rates', loadRates);
  const [editingMethod, setEditingMethod] = useState<number | 'new' | null>(null);
  const [editingRate, setEditingRate] = useState<number | 'new' | null>(null);
  const methodsHeading = useRef<HTMLHeadingElement>(null);
  const ratesHeading = useRef<HTMLHeadingElement>(null);

  const closeMethod = () => {
    setEditingMethod(null);
    methodsHeading.current?.focus();
  };
  const closeRate = () => {
    setEditingRate(null);
    ratesHeading.current?.focus();
  };

  async function saveMethod(id: number | 'new', body: Parameters<typeof createShippingMethod>[0]) {
    const saved = id === 'new' ? await createShippingMethod(body) : await updateShippingMethod(id, body);
    alert.success(`${saved.name} (${saved.country}) saved`);
    methods.retry();
    closeMethod();
  }
  async function saveRate(id: number | 'new', body: Parameters<typeof createTaxRate>[0]) {
    const saved = id === 'new' ? await createTaxRate(body) : await updateTaxRate(id, body);
    alert.success(`Tax rate of ${saved.state ?? saved.country} saved`);
    rates.retry();
    closeRate();
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">Shipping and tax</h1>
      <p className="mt-1 text-sm text-gray-700">
        What each country&apos;s shipping methods cost and how long they take, and the tax rate charged on an order (a state&apos;s own rate
        when it has one, else its country&apos;s). Orders keep what they were charged: a change applies to orders placed after it.
      </p>
      <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
        The shipping prices and tax rates the shop starts with are examples, not tax advice. Check the rates that apply to your sales with an
        accountant or the tax authority before relying on them.
      </p>

      <section aria-labelledby="methods-heading" className="mt-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="methods-heading" ref={methodsHeading} tabIndex={-1} className="text-xl font-semibold text-gray-900 focus:outline-none">
            Shipping methods
          </h2>
          {editingMethod !== 'new' && methods.data && (
            <Button size="sm" onClick={() => setEditingMethod('new')}>
              Add shipping method
            </Button>
          )}
        </div>
        <p className="mt-1 text-sm text-gray-600">A country without any method ships free.</p>
        {editingMethod === 'new' && (
          <div className="mt-4">
            <ShippingMethodForm save={(body) => saveMethod('new', body)} onCancel={closeMethod} />
          </div>
        )}
        <div className="mt-4" aria-busy={methods.loading}>
          {methods.error ? (
            <ErrorMessage title="The shipping methods could not be loaded" message={methods.error} onRetry={methods.retry} />
          ) : !methods.data ? (
            <Spinner label="Loading shipping methods…" />
          ) : methods.data.length === 0 ? (
            <p className="rounded-md bg-gray-50 p-6 text-center text-sm text-gray-700">No shipping methods yet: every country ships free.</p>
          ) : (
            countriesOf(methods.data).map((country) => (
              <section key={country} aria-labelledby={`methods-${country}`} className="mt-6 first:mt-0">
                <h3 id={`methods-${country}`} className="text-base font-semibold text-gray-900">
                  {country}
                </h3>
                <ul className="mt-2 grid grid-cols-1 gap-3">
                  {methods.data!
                    .filter((m) => m.country === country)
                    .map((m) => (
                      <li key={m.id}>
                        {editingMethod === m.id ? (
                          <ShippingMethodForm method={m} save={(body) => saveMethod(m.id, body)} onCancel={closeMethod} />
                        ) : (
                          <article aria-label={`${m.name} (${m.country})`} className={`${card} sm:flex sm:items-center sm:gap-6`}>
                            <p className="text-sm font-semibold text-gray-900 sm:w-48">{m.name}</p>
                            <dl className="mt-2 grid flex-1 grid-cols-2 gap-x-4 gap-y-2 sm:mt-0 sm:grid-cols-3">
                              <div>
                                <dt className={term}>Price</dt>
                                <dd className={value}>{m.amount === 0 ? 'Free' : formatMoney(m.amount)}</dd>
                              </div>
                              <div>
                                <dt className={term}>Free over</dt>
                                <dd className={value}>{m.freeOver === null ? 'Never free' : formatMoney(m.freeOver)}</dd>
                              </div>
                              <div className="col-span-2 sm:col-span-1">
                                <dt className={term}>Delivery</dt>
                                <dd className={value}>{days(m.estimate)}</dd>
                              </div>
                            </dl>
                            <div className="mt-3 flex flex-wrap gap-2 sm:mt-0">
                              <Button look="secondary" size="sm" aria-label={`Edit ${m.name} (${m.country})`} onClick={() => setEditingMethod(m.id)}>
                                Edit
                              </Button>
                              <ConfirmedAction
                                label="Delete"
                                busyLabel="Deleting…"
                                aria-label={`Delete ${m.name} (${m.country})`}
                                question={{
                                  title: `Delete ${m.name} (${m.country})?`,
                                  message: 'Shoppers can no longer choose it. Orders placed with it keep what they were charged.',
                                  confirmLabel: 'Delete',
                                }}
                                run={async () => {
                                  await deleteShippingMethod(m.id);
                                  alert.success(`${m.name} (${m.country}) deleted`);
                                  methods.retry();
                                }}
                                failed={(message) => `${m.name} was not deleted: ${message}`}
                              />
                            </div>
                          </article>
                        )}
                      </li>
                    ))}
                </ul>
              </section>
            ))
          )}
        </div>
      </section>

      <section aria-labelledby="rates-heading" className="mt-12">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="rates-heading" ref={ratesHeading} tabIndex={-1} className="text-xl font-semibold text-gray-900 focus:outline-none">
            Tax rates
          </h2>
          {editingRate !== 'new' && rates.data && (
            <Button size="sm" onClick={() => setEditingRate('new')}>
              Add tax rate
            </Button>
          )}
        </div>
        <p className="mt-1 text-sm text-gray-600">Charged on the discounted goods plus shipping. A place without a rate pays no tax.</p>
        {editingRate === 'new' && (
          <div className="mt-4">
            <TaxRateForm save={(body) => saveRate('new', body)} onCancel={closeRate} />
          </div>
        )}
        <div className="mt-4" aria-busy={rates.loading}>
          {rates.error ? (
            <ErrorMessage title="The tax rates could not be loaded" message={rates.error} onRetry={rates.retry} />
          ) : !rates.data ? (
            <Spinner label="Loading tax rates…" />
          ) : rates.data.length === 0 ? (
            <p className="rounded-md bg-gray-50 p-6 text-center text-sm text-gray-700">No tax rates yet: no tax is charged.</p>
          ) : (
            <ul className="grid grid-cols-1 gap-3">
              {rates.data.map((r) => (
                <li key={r.id}>
                  {editingRate === r.id ? (
                    <TaxRateForm rate={r} save={(body) => saveRate(r.id, body)} onCancel={closeRate} />
                  ) : (
                    <article aria-label={`Tax rate: ${place(r)}, ${r.country}`} className={`${card} sm:flex sm:items-center sm:gap-6`}>
                      <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
                        <div>
                          <dt className={term}>Country</dt>
                          <dd className={value}>{r.country}</dd>
                        </div>
                        <div>
                          <dt className={term}>State</dt>
                          <dd className={value}>{place(r)}</dd>
                        </div>
                        <div>
                          <dt className={term}>Rate</dt>
                          <dd className={value}>{r.rate} %</dd>
                        </div>
                      </dl>
                      <div className="mt-3 flex flex-wrap gap-2 sm:mt-0">
                        <Button look="secondary" size="sm" aria-label={`Edit the tax rate of ${place(r)}, ${r.country}`} onClick={() => setEditingRate(r.id)}>
                          Edit
                        </Button>
                        <ConfirmedAction
                          label="Delete"
                          busyLabel="Deleting…"
                          aria-label={`Delete the tax rate of ${place(r)}, ${r.country}`}
                          question={{
                            title: `Delete the tax rate of ${place(r)}, ${r.country}?`,
                            message:
                              r.state === null
                                ? `Orders to ${r.country} without a state rate of their own will pay no tax.`
                                : `Orders to ${r.state} will pay ${r.country}'s rate, if it has one.`,
                            confirmLabel: 'Delete',
                          }}
                          run={async () => {
                            await deleteTaxRate(r.id);
                            alert.success(`Tax rate of ${place(r)}, ${r.country} deleted`);
                            rates.retry();
                          }}
                          failed={(message) => `The tax rate was not deleted: ${message}`}
                        />
                      </div>
                    </article>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}
