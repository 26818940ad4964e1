import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field, Input, Select, Textarea } from '../../../components/controls';
import FormActions from '../../../components/FormActions';
import type { Promotion } from '../../../domain/checkout';
import type { FilterOption } from '../../../domain/types';
import { showServerErrors } from '../../../lib/serverErrors';
import { bodyOf, valuesOf, type PromotionFormValues as Values } from './promotionFormValues';
import type { PromotionBody } from './promotionsAPI';
import { CategoryPicker, ProductPicker } from './PromotionPickers';

/** The fields in the order they are shown (the first with a message gets the focus). */
const ORDER: (keyof Values)[] = [
  'name',
  'label',
  'bannerText',
  'memberBannerText',
  'kind',
  'value',
  'code',
  'categories',
  'products',
  'minSubtotal',
  'startsAt',
  'endsAt',
  'usageLimit',
  'perCustomerLimit',
  'membersOnly',
  'stackable',
  'active',
];

const required = (label: string) => ({ validate: (v: string) => v.trim() !== '' || `${label} is required` });
/** The discount line's words: required, at most 60 characters (as the server checks). */
const shortLabel = { validate: (v: string) => (v.trim() === '' ? 'Label is required' : v.trim().length <= 60 || 'Label must be at most 60 characters') };

interface Props {
  /** The promotion to edit; none: a new one. */
  promotion?: Promotion;
  categories: FilterOption[];
  /** Saves (a new one whole, an edit only its changed fields); rejects with the API's error. */
  save: (body: Partial<PromotionBody>) => Promise<unknown>;
  onCancel: () => void;
}

/** Add or edit a promotion: what shoppers read, what it takes off, from what, when and how often. */
export default function PromotionForm({ promotion, categories, save, onCancel }: Props) {
  const prefix = promotion ? `promotion-${promotion.id}` : 'promotion-new';
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    setFocus,
    watch,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<Values>({ defaultValues: valuesOf(promotion) });
  useEffect(() => setFocus('name'), [setFocus]);
  const kind = watch('kind');
  // The pickers' choices, set as edits (a Controller would put more of react-hook-form in the
  // chunk every form's page shares, the sign-in page's included).
  const [chosenCategories, chosenProducts] = [watch('categories'), watch('products')];
  const chooseCategories = (value: Values['categories']) => setValue('categories', value, { shouldDirty: true });
  const chooseProducts = (value: Values['products']) => setValue('products', value, { shouldDirty: true });

  async function submit(values: Values) {
    setFailure(null);
    const whole = bodyOf(values);
    // An edit sends what changed, so a field left alone keeps what is stored (a start's time of day).
    const body = promotion
      ? Object.fromEntries(Object.entries(whole).filter(([key]) => dirtyFields[key as keyof Values] !== undefined && dirtyFields[key as keyof Values] !== false))
      : whole;
    try {
      await save(body);
    } catch (rejected) {
      setFailure(showServerErrors(rejected, setError, ORDER));
    }
  }

  const title = promotion ? `Edit ${promotion.name}` : 'New promotion';
  const checkbox = 'size-4 rounded border-gray-400 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600';
  return (
    <form noValidate aria-label={title} onSubmit={handleSubmit(submit)} className="rounded-lg border border-brand-200 bg-brand-50/40 p-4">
      <h2 className="text-base font-semibold text-gray-900">{title}</h2>
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field id={`${prefix}-name`} label="Name" error={errors.name?.message}>
          {(control) => <Input maxLength={100} autoComplete="off" {...control} {...register('name', required('Name'))} />}
        </Field>
        <Field id={`${prefix}-label`} label="Label (the discount line, at most 60 characters)" error={errors.label?.message} className="sm:col-span-2">
          {(control) => <Input autoComplete="off" {...control} {...register('label', shortLabel)} />}
        </Field>
        <Field id={`${prefix}-bannerText`} label="Banner text (the home page's offer, empty: the label)" error={errors.bannerText?.message} className="sm:col-span-2">
          {(control) => <Textarea rows={2} maxLength={200} {...control} {...register('bannerText')} />}
        </Field>
        <Field id={`${prefix}-memberBannerText`} label="Members' banner text (what members read, empty: the label)" error={errors.memberBannerText?.message} className="sm:col-span-2">
          {(control) => <Textarea rows={2} maxLength={200} {...control} {...register('memberBannerText')} />}
        </Field>
        <Field id={`${prefix}-kind`} label="Kind" error={errors.kind?.message}>
          {(control) => (
            <Select {...control} {...register('kind')}>
              <option value="percentage">Percentage off</option>
              <option value="fixed">Amount off ($)</option>
            </Select>
          )}
        </Field>
        <Field id={`${prefix}-value`} label={kind === 'fixed' ? 'Value ($ off)' : 'Value (% off)'} error={errors.value?.message}>
          {(control) => <Input inputMode="decimal" autoComplete="off" {...control} {...register('value', required('Value'))} />}
        </Field>
        <Field id={`${prefix}-code`} label="Code (empty: applied automatically)" error={errors.code?.message}>
          {(control) => <Input maxLength={32} autoComplete="off" spellCheck={false} {...control} {...register('code')} />}
        </Field>
        <CategoryPicker categories={categories} value={chosenCategories} onChange={chooseCategories} error={errors.categories?.message} />
        <ProductPicker value={chosenProducts} onChange={chooseProducts} error={errors.products?.message} />
        <Field id={`${prefix}-minSubtotal`} label="Minimum subtotal ($, empty: none)" error={errors.minSubtotal?.message}>
          {(control) => <Input inputMode="decimal" autoComplete="off" {...control} {...register('minSubtotal')} />}
        </Field>
        <Field id={`${prefix}-startsAt`} label="Starts at (UTC day, empty: now)" error={errors.startsAt?.message}>
          {(control) => <Input type="date" {...control} {...register('startsAt')} />}
        </Field>
        <Field id={`${prefix}-endsAt`} label="Last day (UTC day, included; empty: never)" error={errors.endsAt?.message}>
          {(control) => <Input type="date" {...control} {...register('endsAt')} />}
        </Field>
        <Field id={`${prefix}-usageLimit`} label="Usage limit (orders, empty: none)" error={errors.usageLimit?.message}>
          {(control) => <Input inputMode="numeric" autoComplete="off" {...control} {...register('usageLimit')} />}
        </Field>
        <Field id={`${prefix}-perCustomerLimit`} label="Per customer limit (empty: none)" error={errors.perCustomerLimit?.message}>
          {(control) => <Input inputMode="numeric" autoComplete="off" {...control} {...register('perCustomerLimit')} />}
        </Field>
      </div>
      <div className="mt-4 flex flex-col gap-2">
        {(
          [
            ['membersOnly', 'Members only'],
            ['stackable', 'Stackable (a code that applies on top of other promotions)'],
            ['active', 'Active'],
          ] as const
        ).map(([field, text]) => (
          <div key={field}>
            <label className="flex items-center gap-2 text-sm text-gray-900">
              <input
                type="checkbox"
                className={checkbox}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `${prefix}-${field}-error` : undefined}
                {...register(field)}
              />
              {text}
            </label>
            {errors[field] && (
              <p id={`${prefix}-${field}-error`} className="mt-1 text-sm text-red-700">
                {errors[field]?.message}
              </p>
            )}
          </div>
        ))}
      </div>
      <FormActions what="promotion" failure={failure} saving={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
