import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field, Input, Select } from '../../../components/controls';
import FormActions from '../../../components/FormActions';
import type { TaxRate } from '../../../domain/checkout';
import { COUNTRIES } from '../../../domain/types';
import { findRegion, regionsOf } from '../../../domain/regions';
import { numberOrText } from '../../../lib/numberOrText';
import { showServerErrors } from '../../../lib/serverErrors';
import type { TaxRateBody } from './shippingAPI';

interface Values {
  country: string;
  state: string;
  rate: string;
}
const ORDER: (keyof Values)[] = ['country', 'state', 'rate'];

interface Props {
  /** The rate to edit; none: a new one. */
  rate?: TaxRate;
  save: (body: TaxRateBody) => Promise<unknown>;
  onCancel: () => void;
}

/** Add or edit a tax rate: country, one of its regions by name (or the whole country), rate in percent. */
export default function TaxRateForm({ rate, save, onCancel }: Props) {
  const prefix = rate ? `rate-${rate.id}` : 'rate-new';
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    // The select's value is the region's code; a rate stored under a name no region has keeps it, to be corrected.
    defaultValues: {
      country: rate?.country ?? COUNTRIES[0],
      state: rate?.state ? (findRegion(rate.country, rate.state)?.code ?? rate.state) : '',
      rate: rate ? String(rate.rate) : '',
    },
  });
  const country = watch('country');
  const regions = regionsOf(country);
  const unknown = rate?.state && rate.country === country && !findRegion(rate.country, rate.state) ? rate.state : null;
  useEffect(() => setFocus('country'), [setFocus]);

  async function submit(values: Values) {
    setFailure(null);
    const body = {
      country: values.country,
      state: values.state.trim() === '' ? null : values.state,
      rate: numberOrText(values.rate),
    } as unknown as TaxRateBody;
    try {
      await save(body);
    } catch (rejected) {
      setFailure(showServerErrors(rejected, setError, ORDER));
    }
  }

  const where = rate ? (rate.state === null ? `the whole of ${rate.country}` : `${rate.state}, ${rate.country}`) : '';
  const title = rate ? `Edit the tax rate of ${where}` : 'New tax rate';
  return (
    <form noValidate aria-label={title} onSubmit={handleSubmit(submit)} className="rounded-lg border border-brand-200 bg-brand-50/40 p-4">
      <p className="text-sm font-semibold text-gray-900">{title}</p>
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Field id={`${prefix}-country`} label="Country" error={errors.country?.message}>
          {(control) => (
            <Select {...control} {...register('country', { onChange: () => setValue('state', '') })}>
              {COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={`${prefix}-state`} label="State" error={errors.state?.message}>
          {(control) => (
            <Select {...control} {...register('state')}>
              <option value="">Whole country</option>
              {unknown && <option value={unknown}>{unknown} (not a state of {country})</option>}
              {regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={`${prefix}-rate`} label="Rate (%)" error={errors.rate?.message}>
          {(control) => (
            <Input
              inputMode="decimal"
              autoComplete="off"
              {...control}
              {...register('rate', { validate: (v) => v.trim() !== '' || 'Rate is required' })}
            />
          )}
        </Field>
      </div>
      <FormActions what="tax rate" failure={failure} saving={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
