import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Field, Input, Select, Textarea } from '../../../components/controls';
import type { FilterOption } from '../../../domain/types';
import { PRODUCT_FORM_RULES, type ProductFormField } from '../../../domain/productFields';
import { toRegisterOptions } from '../../../domain/validation';
import {
  EMPTY_PRODUCT_FORM,
  toFieldErrors,
  toProductInput,
  type ProductFormValues,
  type ProductInput,
} from './productFormValues';
import ImagePreview from './ImagePreview';
import VariantGrid from './VariantGrid';
import type { ProductOption, Variant } from '../../../domain/variants';
import {
  checkGrid,
  gridFromProduct,
  gridRows,
  isGridKey,
  optionsInput,
  rowKey,
  skuBaseOf,
  totalStock,
  variantsInput,
  type GridState,
} from './variantGrid';

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
  variants?: { options?: ProductOption[]; variants?: Variant[] };
}

const IMAGE_FIELDS = [
  { name: 'thumbnail', label: 'Thumbnail' },
  { name: 'image1', label: 'Image 1' },
  { name: 'image2', label: 'Image 2' },
  { name: 'image3', label: 'Image 3' },
] as const;

// Notification checkboxes kept from the original design, though unused: about this product, and
// saying they are not sent yet.
const NOTIFICATIONS = [
  { id: 'notify-reviews', label: 'Reviews', text: 'Get an email when a shopper reviews this product.' },
  { id: 'notify-low-stock', label: 'Low stock', text: 'Get an email when its stock falls to the low stock threshold.' },
  { id: 'notify-sold-out', label: 'Sold out', text: 'Get an email when the last one is sold.' },
];
/** An image address the server accepts (a path on this site): a seed picture. */
export const IMAGE_EXAMPLE = '/images/products/laptops-1.svg';

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
    formState: { errors, isSubmitting },
  } = useForm<ProductFormValues>({ defaultValues });
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [grid, setGrid] = useState<GridState>(() => gridFromProduct(variants));
  const [gridErrors, setGridErrors] = useState<Record<string, string>>({});
  const gridRef = useRef<HTMLDivElement>(null);
  const title = watch('title');
  // The SKUs of new variants: the saved product's first SKU, else the title's words.
  const skuBase = variants?.variants?.[0]?.sku ?? skuBaseOf(title ?? '');
  const rows = useMemo(() => gridRows(grid, skuBase), [grid, skuBase]);
  const hasOptions = grid.options.length > 0;

  /**
   * Moves focus to the grid's first input with a message, once React has drawn the messages set
   * with it (an effect of the render that shows them: a timer could run before that render).
   */
  const [gridFocus, setGridFocus] = useState(0);
  const focusGrid = () => setGridFocus((n) => n + 1);
  useEffect(() => {
    if (gridFocus > 0) gridRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [gridFocus]);

  /** The form's input with the options and variants (none for a new product without options). */
  function withVariants(values: ProductFormValues): ProductInput {
    const input = toProductInput(values);
    if (hasOptions) return { ...input, stock: totalStock(rows), options: optionsInput(grid), variants: variantsInput(grid, rows) };
    const only = grid.cells[rowKey([])];
    if (!only) return input;
    return { ...input, options: [], variants: variantsInput(grid, rows).map((v) => ({ ...v, options: {}, stock: input.stock })) };
  }

  const submitForm = handleSubmit(async (values) => {
    setOtherErrors([]);
    const mine = checkGrid(grid, rows);
    setGridErrors(mine);
    if (Object.keys(mine).length > 0) {
      focusGrid();
      return;
    }
    const serverErrors = await onSubmit(withVariants(values));
    if (!serverErrors) return;
    const gridKeys = Object.fromEntries(Object.entries(serverErrors).filter(([key]) => isGridKey(key)));
    setGridErrors(gridKeys);
    const { fields, other } = toFieldErrors(Object.fromEntries(Object.entries(serverErrors).filter(([key]) => !isGridKey(key))));
    for (const [field, message] of Object.entries(fields)) {
      setError(field as ProductFormField, { type: 'server', message }, { shouldFocus: true });
    }
    setOtherErrors(other);
    if (Object.keys(fields).length === 0 && Object.keys(gridKeys).length > 0) focusGrid();
  });
  // The grid's own checks run with the fields' (its messages show even while a field is wrong).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    setGridErrors(checkGrid(grid, rows));
    return submitForm(event);
  };

  /** The field `name` of the form: its label, message and rule; `control` draws its input. */
  const field = (name: ProductFormField, label: string, className: string, control: (props: object) => ReactNode) => (
    <Field key={name} id={name} label={label} error={errors[name]?.message} className={className}>
      {(tie) => control({ ...tie, ...register(name, toRegisterOptions(PRODUCT_FORM_RULES[name])) })}
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
          {IMAGE_FIELDS.map(({ name, label }) =>
            field(name, label, 'sm:col-span-6', (props) => (
              <div className="flex items-start gap-4">
                <Input type="text" placeholder={`e.g. ${IMAGE_EXAMPLE}`} {...props} />
                <ImagePreview src={watch(name) ?? ''} label={label} />
              </div>
            )),
          )}
          {field('lowStockThreshold', 'Low stock threshold', 'sm:col-span-2', (props) => (
            <Input type="number" step="1" min="0" inputMode="numeric" {...props} />
          ))}
        </div>
      </section>

      <div ref={gridRef}>
        <VariantGrid state={grid} rows={rows} onChange={setGrid} errors={gridErrors} skuBase={skuBase} />
      </div>

      <fieldset className="border-b border-gray-900/10 pb-10">
        <legend className="text-sm font-semibold text-gray-900">Email me about this product</legend>
        <p className="mt-1 text-sm text-gray-600">These choices are not saved, and the shop sends no emails about products; the Emails page lists the messages it does send.</p>
        <div className="mt-4 space-y-4">
          {NOTIFICATIONS.map(({ id, label, text }) => (
            <div key={id} className="flex gap-3">
              <input
                id={id}
                name={id}
                type="checkbox"
                aria-describedby={`${id}-description`}
                className="mt-1 size-4 rounded border-gray-300 accent-brand-600"
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
