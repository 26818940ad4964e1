import { useState, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import type { FilterOption } from '../../../types';
import { productRules, toRegisterOptions, type ProductField } from '../../../lib/validation';
import {
  EMPTY_PRODUCT_FORM,
  toFieldErrors,
  toProductInput,
  type ProductFormValues,
  type ProductInput,
} from './productFormValues';
import ImagePreview from './ImagePreview';

interface ProductFormProps {
  defaultValues?: ProductFormValues;
  brands: FilterOption[];
  categories: FilterOption[];
  /** Saves the product; resolves to the server's per-field errors when it refused them. */
  onSubmit: (product: ProductInput) => Promise<Record<string, string> | undefined | void>;
  onCancel: () => void;
  /** Extra buttons of the edit form (Delete / Restore this Product). */
  actions?: ReactNode;
}

const inputClass =
  'block w-full rounded-md bg-white px-3 py-1.5 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-300 placeholder:text-gray-500 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 aria-invalid:outline-red-600 sm:text-sm';

const IMAGE_FIELDS = [
  { name: 'thumbnail', label: 'Thumbnail' },
  { name: 'image1', label: 'Image 1' },
  { name: 'image2', label: 'Image 2' },
  { name: 'image3', label: 'Image 3' },
] as const;

// SPEC §2 lists "unused notification checkboxes" (the Tailwind UI form they came from); inert.
const NOTIFICATIONS = [
  { id: 'comments', label: 'Comments', text: 'Get notified when someones posts a comment on a posting.' },
  { id: 'candidates', label: 'Candidates', text: 'Get notified when a candidate applies for a job.' },
  { id: 'offers', label: 'Offers', text: 'Get notified when a candidate accepts or rejects an offer.' },
];

export default function ProductForm({
  defaultValues = EMPTY_PRODUCT_FORM,
  brands,
  categories,
  onSubmit,
  onCancel,
  actions,
}: ProductFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues>({ defaultValues });
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  const submit = handleSubmit(async (values) => {
    setOtherErrors([]);
    const serverErrors = await onSubmit(toProductInput(values));
    if (!serverErrors) return;
    const { fields, other } = toFieldErrors(serverErrors);
    for (const [field, message] of Object.entries(fields)) {
      setError(field as ProductField, { type: 'server', message }, { shouldFocus: true });
    }
    setOtherErrors(other);
  });

  const field = (name: ProductField) => ({
    id: name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
    ...register(name, toRegisterOptions(productRules[name])),
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-10 bg-white p-4 sm:p-8">
      <section className="border-b border-gray-900/10 pb-10">
        <div className="grid grid-cols-1 gap-x-6 gap-y-6 sm:grid-cols-6">
          <Field name="title" label="Product Name" error={errors.title?.message} className="sm:col-span-6">
            <input type="text" className={inputClass} {...field('title')} />
          </Field>
          <Field name="description" label="Description" error={errors.description?.message} className="sm:col-span-6">
            <textarea rows={3} className={inputClass} {...field('description')} />
          </Field>
          <Field name="price" label="price" error={errors.price?.message} className="sm:col-span-2">
            <input type="number" step="any" inputMode="decimal" className={inputClass} {...field('price')} />
          </Field>
          <Field
            name="discountPercentage"
            label="Discount Percentage"
            error={errors.discountPercentage?.message}
            className="sm:col-span-2"
          >
            <input type="number" step="any" inputMode="decimal" className={inputClass} {...field('discountPercentage')} />
          </Field>
          <Field name="stock" label="Stock" error={errors.stock?.message} className="sm:col-span-2">
            <input type="number" step="1" inputMode="numeric" className={inputClass} {...field('stock')} />
          </Field>
          <Field name="brand" label="Brand" error={errors.brand?.message} className="sm:col-span-3">
            <OptionSelect options={withValue(brands, defaultValues.brand)} placeholder="--choose brand--" registration={field('brand')} />
          </Field>
          <Field name="category" label="Category" error={errors.category?.message} className="sm:col-span-3">
            <OptionSelect options={withValue(categories, defaultValues.category)} placeholder="--choose category--" registration={field('category')} />
          </Field>
          {IMAGE_FIELDS.map(({ name, label }) => (
            <Field key={name} name={name} label={label} error={errors[name]?.message} className="sm:col-span-6">
              <div className="flex items-start gap-4">
                <input
                  type="text"
                  placeholder="/images/products/…  or  https://…"
                  className={inputClass}
                  {...field(name)}
                />
                <ImagePreview src={watch(name) ?? ''} label={label} />
              </div>
            </Field>
          ))}
        </div>
      </section>

      <fieldset className="border-b border-gray-900/10 pb-10">
        <legend className="text-sm font-semibold text-gray-900">By Email</legend>
        <div className="mt-4 space-y-4">
          {NOTIFICATIONS.map(({ id, label, text }) => (
            <div key={id} className="flex gap-3">
              <input
                id={id}
                name={id}
                type="checkbox"
                aria-describedby={`${id}-description`}
                className="mt-1 size-4 rounded border-gray-300 accent-indigo-600"
              />
              <div className="text-sm">
                <label htmlFor={id} className="font-medium text-gray-900">
                  {label}
                </label>
                <p id={`${id}-description`} className="text-gray-600">
                  {text}
                </p>
              </div>
            </div>
          ))}
        </div>
      </fieldset>

      {otherErrors.length > 0 && (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          {otherErrors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}

      <div className="flex flex-wrap items-center justify-end gap-4">
        {actions}
        <button type="button" onClick={onCancel} className="text-sm font-semibold text-gray-900 hover:underline">
          Cancel
        </button>
        <button
          type="submit"
          disabled={isSubmitting}
          className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white shadow-xs hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50"
        >
          {isSubmitting ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}

/** The options, plus the product's own value should the API list lack it (so editing keeps it). */
function withValue(options: FilterOption[], value: string): FilterOption[] {
  if (!value || options.some((option) => option.value === value)) return options;
  return [...options, { value, label: value }];
}

function Field({
  name,
  label,
  error,
  className,
  children,
}: {
  name: ProductField;
  label: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={name} className="block text-sm font-medium text-gray-900">
        {label}
      </label>
      <div className="mt-2">{children}</div>
      {error && (
        <p id={`${name}-error`} className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function OptionSelect({
  options,
  placeholder,
  registration,
}: {
  options: FilterOption[];
  placeholder: string;
  registration: UseFormRegisterReturn & { id: string };
}) {
  return (
    <select className={inputClass} {...registration}>
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
