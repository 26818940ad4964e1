import { useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Field, Input, Select, Textarea } from '../../../components/controls';
import type { FilterOption } from '../../../domain/types';
import type { ProductFormField } from '../../../domain/productFields';
import { checkProductField } from '../../../domain/productFields';
import { ALT_NAMES, EMPTY_PRODUCT_FORM, formRule, IMAGE_NAMES, toFieldErrors, toProductInput, type AltName, type ProductFormValues, type ProductInput } from './productFormValues';
import ProductImages, { type Pictures } from './ProductImages';
import ProductNotifications from './ProductNotifications';
import { useVariantGrid, type SavedVariants } from './useVariantGrid';
import VariantGrid from './VariantGrid';
import { totalStock } from './variantGrid';
import { isGridKey } from './variantGridCheck';

interface ProductFormProps {
  defaultValues?: ProductFormValues;
  brands: FilterOption[];
  categories: FilterOption[];
  /** Saves the product; resolves to the server's per-field errors when it refused them. */
  onSubmit: (product: ProductInput) => Promise<Record<string, string> | undefined | void>;
  onCancel: () => void;
  /** Extra buttons of the edit form (Delete / Restore this Product). */
  actions?: ReactNode;
  /** The saved product's options and variants (editing); none for a new product. */
  variants?: SavedVariants;
}

/** The product page's details, shown only when set (blank: not shown, never a default). */
const DETAIL_FIELDS = [
  { name: 'warrantyInformation', label: 'Warranty', placeholder: 'e.g. 1 year warranty; blank: not shown' },
  { name: 'shippingInformation', label: 'Shipping', placeholder: 'e.g. Ships in 1-2 business days' },
  { name: 'returnPolicy', label: 'Return policy', placeholder: 'e.g. 30 days return policy; blank: no returns' },
] as const;

export default function ProductForm({
  defaultValues = EMPTY_PRODUCT_FORM,
  brands,
  categories,
  onSubmit,
  onCancel,
  actions,
  variants,
}: ProductFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    watch,
    setValue,
    getValues,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<ProductFormValues>({ defaultValues });
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const grid = useVariantGrid(variants, watch('title'));
  const images = IMAGE_NAMES.map((name) => watch(name) ?? '');
  const alts = ALT_NAMES.map((name) => watch(name) ?? '');
  const thumbnail = watch('thumbnail') ?? '';
  const set = (name: ProductFormField | AltName, value: string) => setValue(name, value, { shouldDirty: true, shouldValidate: isSubmitted });
  const pictures = {
    images,
    alts,
    thumbnail,
    setPictures: (next: Pictures) => {
      IMAGE_NAMES.forEach((name, i) => set(name, next.images[i] ?? ''));
      ALT_NAMES.forEach((name, i) => set(name, next.alts[i] ?? ''));
    },
    setThumbnail: (src: string) => set('thumbnail', src),
    current: () => ({
      images: IMAGE_NAMES.map((name) => getValues(name) ?? ''),
      alts: ALT_NAMES.map((name) => getValues(name) ?? ''),
      thumbnail: getValues('thumbnail') ?? '',
    }),
  };
  const { rows, hasOptions } = grid;

  const submitForm = handleSubmit(async (values) => {
    setOtherErrors([]);
    if (Object.keys(grid.check()).length > 0) {
      grid.focus();
      return;
    }
    const serverErrors = await onSubmit(grid.withVariants(toProductInput(values)));
    if (!serverErrors) return;
    const gridKeys = Object.fromEntries(Object.entries(serverErrors).filter(([key]) => isGridKey(key)));
    grid.setErrors(gridKeys);
    const { fields, other } = toFieldErrors(Object.fromEntries(Object.entries(serverErrors).filter(([key]) => !isGridKey(key))));
    for (const [field, message] of Object.entries(fields)) {
      setError(field as ProductFormField | AltName, { type: 'server', message }, { shouldFocus: true });
    }
    setOtherErrors(other);
    if (Object.keys(fields).length === 0 && Object.keys(gridKeys).length > 0) grid.focus();
  });
  // The grid's own checks run with the fields' (its messages show even while a field is wrong).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    grid.check();
    return submitForm(event);
  };

  /** The field `name` of the form: its label, message and rule; `control` draws its input. */
  const field = (name: ProductFormField | AltName, label: string, className: string, control: (props: object) => ReactNode) => (
    <Field key={name} id={name} label={label} error={errors[name]?.message} className={className}>
      {(tie) => control({ ...tie, ...register(name, { validate: (value: unknown) => checkProductField(value, formRule(name)) ?? true }) })}
    </Field>
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-10 bg-white p-4 sm:p-8">
      <section className="border-b border-gray-900/10 pb-10">
        <div className="grid grid-cols-1 gap-x-6 gap-y-6 sm:grid-cols-6">
          {field('title', 'Product Name', 'sm:col-span-6', (props) => <Input type="text" {...props} />)}
          {field('description', 'Description', 'sm:col-span-6', (props) => <Textarea rows={3} {...props} />)}
          {field('price', 'price', 'sm:col-span-2', (props) => <Input type="number" step="any" inputMode="decimal" {...props} />)}
          {field('discountPercentage', 'Discount Percentage', 'sm:col-span-2', (props) => (
            <Input type="number" step="any" inputMode="decimal" {...props} />
          ))}
          {hasOptions ? (
            <div className="sm:col-span-2">
              <p className="block text-sm font-medium text-gray-900">Stock</p>
              <p className="mt-2 py-1.5 text-sm text-gray-700">
                {Number.isNaN(totalStock(rows)) ? '—' : totalStock(rows)} <span className="text-gray-600">(the variants&apos; stock added up)</span>
              </p>
            </div>
          ) : (
            field('stock', 'Stock', 'sm:col-span-2', (props) => <Input type="number" step="1" inputMode="numeric" {...props} />)
          )}
          {field('brand', 'Brand', 'sm:col-span-3', (props) => (
            <OptionSelect options={withValue(brands, defaultValues.brand)} placeholder="--choose brand--" {...props} />
          ))}
          {field('category', 'Category', 'sm:col-span-3', (props) => (
            <OptionSelect options={withValue(categories, defaultValues.category)} placeholder="--choose category--" {...props} />
          ))}
          <ProductImages field={field} {...pictures} />
          {DETAIL_FIELDS.map(({ name, label, placeholder }) =>
            field(name, label, 'sm:col-span-3', (props) => <Input type="text" placeholder={placeholder} {...props} />),
          )}
          {field('weight', 'Weight', 'sm:col-span-2', (props) => (
            <Input type="number" step="any" min="0" inputMode="decimal" placeholder="kg; blank: not shown" {...props} />
          ))}
          {field('minimumOrderQuantity', 'Minimum order quantity', 'sm:col-span-2', (props) => (
            <Input type="number" step="1" min="1" inputMode="numeric" {...props} />
          ))}
          {field('lowStockThreshold', 'Low stock threshold', 'sm:col-span-2', (props) => (
            <Input type="number" step="1" min="0" inputMode="numeric" {...props} />
          ))}
        </div>
      </section>

      <div ref={grid.ref}>
        <VariantGrid state={grid.grid} rows={rows} onChange={grid.setGrid} errors={grid.errors} skuBase={grid.skuBase} images={images.filter((s) => s.trim() !== '')} />
      </div>

      <ProductNotifications register={register} />

      {otherErrors.length > 0 && (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700">
          {otherErrors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}

      <div className="flex flex-wrap items-center justify-end gap-4">
        {actions}
        <Button look="plain" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

/** The options, plus the product's own value should the API list lack it (so editing keeps it). */
function withValue(options: FilterOption[], value: string): FilterOption[] {
  if (!value || options.some((option) => option.value === value)) return options;
  return [...options, { value, label: value }];
}

function OptionSelect({ options, placeholder, ...props }: { options: FilterOption[]; placeholder: string }) {
  return (
    <Select {...props}>
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}
