import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field, Input, Select } from '../../../components/controls';
import FormActions from '../../../components/FormActions';
import type { ShippingMethod } from '../../../domain/checkout';
import { COUNTRIES } from '../../../domain/types';
import { numberOrText } from '../../../lib/numberOrText';
import { showServerErrors } from '../../../lib/serverErrors';
import type { ShippingMethodBody } from './shippingAPI';

interface Values {
  name: string;
  country: string;
  amount: string;
  freeOver: string;
  minDays: string;
  maxDays: string;
}

/** The server's field names → the form's, in the order the form shows them. */
const SERVER_FIELDS: Record<string, keyof Values> = {
  name: 'name',
  country: 'country',
  amount: 'amount',
  freeOver: 'freeOver',
  estimate: 'minDays',
  'estimate.minDays': 'minDays',
  'estimate.maxDays': 'maxDays',
};

const required = (label: string) => ({ validate: (v: string) => v.trim() !== '' || `${label} is required` });

interface Props {
  /** The method to edit; none: a new one (of `country` when given). */
  method?: ShippingMethod;
  country?: string;
  /** Saves; rejects with the API's error (field messages shown under their fields). */
  save: (body: ShippingMethodBody) => Promise<unknown>;
  onCancel: () => void;
}

/** Add or edit a shipping method: name, country, price, free over, delivery estimate in days. */
export default function ShippingMethodForm({ method, country, save, onCancel }: Props) {
  const prefix = method ? `method-${method.id}` : 'method-new';
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: {
      name: method?.name ?? '',
      country: method?.country ?? country ?? COUNTRIES[0],
      amount: method ? String(method.amount) : '',
      freeOver: method?.freeOver == null ? '' : String(method.freeOver),
      minDays: method ? String(method.estimate.minDays) : '',
      maxDays: method ? String(method.estimate.maxDays) : '',
    },
  });
  useEffect(() => setFocus('name'), [setFocus]);

  async function submit(values: Values) {
    setFailure(null);
    const body = {
      name: values.name,
      country: values.country,
      amount: numberOrText(values.amount),
      freeOver: values.freeOver.trim() === '' ? null : numberOrText(values.freeOver),
      estimate: { minDays: numberOrText(values.minDays), maxDays: numberOrText(values.maxDays) },
    } as unknown as ShippingMethodBody;
    try {
      await save(body);
    } catch (rejected) {
      setFailure(showServerErrors(rejected, setError, SERVER_FIELDS));
    }
  }

  const title = method ? `Edit ${method.name} (${method.country})` : 'New shipping method';
  return (
    <form noValidate aria-label={title} onSubmit={handleSubmit(submit)} className="rounded-lg border border-brand-200 bg-brand-50/40 p-4">
      <p className="text-sm font-semibold text-gray-900">{title}</p>
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field id={`${prefix}-name`} label="Name" error={errors.name?.message}>
          {(control) => <Input maxLength={60} autoComplete="off" {...control} {...register('name', required('Name'))} />}
        </Field>
        <Field id={`${prefix}-country`} label="Country" error={errors.country?.message}>
          {(control) => (
            <Select {...control} {...register('country')}>
              {COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field id={`${prefix}-amount`} label="Price ($)" error={errors.amount?.message}>
          {(control) => <Input inputMode="decimal" autoComplete="off" {...control} {...register('amount', required('Price'))} />}
        </Field>
        <Field id={`${prefix}-freeOver`} label="Free over ($, empty: never free)" error={errors.freeOver?.message}>
          {(control) => <Input inputMode="decimal" autoComplete="off" {...control} {...register('freeOver')} />}
        </Field>
        <Field id={`${prefix}-minDays`} label="Fastest delivery (days)" error={errors.minDays?.message}>
          {(control) => <Input inputMode="numeric" autoComplete="off" {...control} {...register('minDays', required('Fastest delivery'))} />}
        </Field>
        <Field id={`${prefix}-maxDays`} label="Slowest delivery (days)" error={errors.maxDays?.message}>
          {(control) => <Input inputMode="numeric" autoComplete="off" {...control} {...register('maxDays', required('Slowest delivery'))} />}
        </Field>
      </div>
      <FormActions what="shipping method" failure={failure} saving={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
