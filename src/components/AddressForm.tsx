import { useForm } from 'react-hook-form';
import { Button, Field, Input, Select } from './controls';
import { addressRules, toRegisterOptions, type AddressField } from '../domain/validation';
import { COUNTRIES, type Address } from '../domain/types';
import { findRegion, regionsOf } from '../domain/regions';

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

/**
 * The form's values for `address`: its state as the code of its region (the select's value), none
 * when it names no region of its country (an address to correct).
 */
function formValues(address: Address | undefined): Address {
  if (!address) return EMPTY;
  const { stateCode, needsReview: _review, ...fields } = address;
  void _review;
  return { ...fields, state: stateCode ?? findRegion(address.country, address.state)?.code ?? '' };
}

/**
 * The one address form of checkout and profile, with its validation rules and messages. Its state
 * is a choice among the chosen country's regions, by name; what it saves is the region's code.
 */
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
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Address>({ defaultValues: formValues(defaultValues) });
  const regions = regionsOf(watch('country'));

  async function submit(address: Address) {
    try {
      const { stateCode: _code, needsReview: _review, ...fields } = address;
      void _code;
      void _review;
      await onSubmit(fields);
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
        {FIELDS.map((field) => (
          <Field
            key={field.name}
            id={id(field.name)}
            label={field.label}
            error={errors[field.name]?.message}
            className={field.wide ? 'sm:col-span-2' : ''}
          >
            {(control) => {
              // Another country has other regions: its state is chosen again.
              const rules = { ...toRegisterOptions(addressRules[field.name]), ...(field.name === 'country' ? { onChange: () => setValue('state', '') } : {}) };
              const props = { ...control, autoComplete: field.autoComplete, ...register(field.name, rules) };
              if (field.name === 'state') {
                return (
                  <Select {...props}>
                    <option value="">{regions.length === 0 ? 'Select a country first' : 'Select a state'}</option>
                    {regions.map((region) => (
                      <option key={region.code} value={region.code}>
                        {region.name}
                      </option>
                    ))}
                  </Select>
                );
              }
              return field.name === 'country' ? (
                <Select {...props}>
                  <option value="">Select a country</option>
                  {COUNTRIES.map((country) => (
                    <option key={country} value={country}>
                      {country}
                    </option>
                  ))}
                </Select>
              ) : (
                <Input type={field.type ?? 'text'} {...props} />
              );
            }}
          </Field>
        ))}
      </div>
      <div className="flex items-center justify-end gap-x-4">
        <Button look="plain" onClick={secondary === 'reset' ? () => reset(EMPTY) : onCancel}>
          {secondary === 'reset' ? 'Reset' : 'Cancel'}
        </Button>
        {/* Busy, not disabled, while it saves: the focus stays on it, and a second press sends nothing. */}
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save Address'}
        </Button>
      </div>
    </form>
  );
}
