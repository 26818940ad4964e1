import { useForm } from 'react-hook-form';
import { addressRules, toRegisterOptions, type AddressField } from '../lib/validation';
import { COUNTRIES, type Address } from '../types';

interface AddressFormProps {
  /** Prefills the form (editing an address). */
  defaultValues?: Address;
  onSubmit: (address: Address) => Promise<unknown> | void;
  /** 'reset' (checkout) clears the form; 'cancel' (profile) calls onCancel. */
  secondary: 'reset' | 'cancel';
  onCancel?: () => void;
  /** Keeps ids unique when several forms are on one page. */
  idPrefix?: string;
  heading?: string;
  /** Clear the fields after a successful save. */
  resetOnSave?: boolean;
}

const EMPTY: Address = {
  name: '',
  email: '',
  phoneNumber: '',
  country: '' as Address['country'],
  street: '',
  city: '',
  state: '',
  pincode: '',
};

interface FieldSpec {
  name: AddressField;
  label: string;
  type?: string;
  autoComplete: string;
  wide?: boolean;
}

const FIELDS: FieldSpec[] = [
  { name: 'name', label: 'Full Name', autoComplete: 'name', wide: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phoneNumber', label: 'Phone Number', type: 'tel', autoComplete: 'tel' },
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
  { name: 'street', label: 'Street address', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State / Province', autoComplete: 'address-level1' },
  { name: 'pincode', label: 'ZIP / Pin Code', autoComplete: 'postal-code' },
];

const input =
  'block w-full rounded-md bg-white px-3 py-1.5 text-base text-gray-900 outline-1 -outline-offset-1 outline-gray-400 placeholder:text-gray-500 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 aria-invalid:outline-red-600 sm:text-sm';

/** The one address form of checkout and profile (SPEC §2, rules of §5). */
export default function AddressForm({
  defaultValues,
  onSubmit,
  secondary,
  onCancel,
  idPrefix = 'address',
  heading,
  resetOnSave = false,
}: AddressFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Address>({ defaultValues: defaultValues ?? EMPTY });

  async function submit(address: Address) {
    try {
      await onSubmit(address);
      if (resetOnSave) reset(EMPTY);
    } catch {
      // The caller has shown why; keep what was typed.
    }
  }

  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-6">
      {heading && <h2 className="text-lg font-semibold text-gray-900">{heading}</h2>}
      <div className="grid grid-cols-1 gap-x-6 gap-y-5 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const error = errors[field.name]?.message;
          const described = error ? id(`${field.name}-error`) : undefined;
          const common = {
            id: id(field.name),
            autoComplete: field.autoComplete,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': described,
            ...register(field.name, toRegisterOptions(addressRules[field.name])),
          };
          return (
            <div key={field.name} className={field.wide ? 'sm:col-span-2' : ''}>
              <label htmlFor={id(field.name)} className="block text-sm font-medium text-gray-900">
                {field.label}
              </label>
              <div className="mt-1">
                {field.name === 'country' ? (
                  <select {...common} className={input}>
                    <option value="">Select a country</option>
                    {COUNTRIES.map((country) => (
                      <option key={country} value={country}>
                        {country}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input type={field.type ?? 'text'} {...common} className={input} />
                )}
              </div>
              {error && (
                <p id={described} className="mt-1 text-sm text-red-700">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="flex items-center justify-end gap-x-4">
        {secondary === 'reset' ? (
          <button
            type="button"
            onClick={() => reset(EMPTY)}
            className="rounded-md px-3 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-100"
          >
            Reset
          </button>
        ) : (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-md px-3 py-2 text-sm font-semibold text-gray-900 hover:bg-gray-100"
          >
            Cancel
          </button>
        )}
        <button
          type="submit"
          disabled={isSubmitting}
          className="rounded-md bg-indigo-600 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60"
        >
          {isSubmitting ? 'Saving…' : 'Save Address'}
        </button>
      </div>
    </form>
  );
}
