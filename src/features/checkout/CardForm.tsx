import { Field, Input } from '../../components/controls';

/** The card as typed (component state only: never in the store, storage or a log). */
export interface CardFields {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

export const emptyCard: CardFields = { number: '', expMonth: '', expYear: '', cvc: '' };

interface CardFormProps {
  value: CardFields;
  onChange: (value: CardFields) => void;
  /** Messages by field, keyed as src/domain/card.ts readCard answers them ('card.number', ...). */
  errors: Record<string, string>;
  /** The payment's answer (e.g. a declined card), shown at the form. */
  message?: string | null;
}

/** "Card Payment"'s card: number, expiry month and year, security code (autofill-friendly). */
export default function CardForm({ value, onChange, errors, message }: CardFormProps) {
  const set = (field: keyof CardFields) => (event: { target: { value: string } }) => onChange({ ...value, [field]: event.target.value });
  return (
    <fieldset className="mt-4 rounded-md border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold text-gray-900">Card details</legend>
      {message && (
        <p role="alert" className="mb-3 rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {message}
        </p>
      )}
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-6">
        <Field id="card-number" label="Card number" error={errors['card.number']} className="col-span-2 sm:col-span-6">
          {(control) => (
            <Input
              {...control}
              value={value.number}
              onChange={set('number')}
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={23}
              placeholder="1234 1234 1234 1234"
            />
          )}
        </Field>
        <Field id="card-exp-month" label="Expiry month" error={errors['card.expMonth']} className="sm:col-span-2">
          {(control) => (
            <Input {...control} value={value.expMonth} onChange={set('expMonth')} inputMode="numeric" autoComplete="cc-exp-month" maxLength={2} placeholder="MM" />
          )}
        </Field>
        <Field id="card-exp-year" label="Expiry year" error={errors['card.expYear']} className="sm:col-span-2">
          {(control) => (
            <Input {...control} value={value.expYear} onChange={set('expYear')} inputMode="numeric" autoComplete="cc-exp-year" maxLength={4} placeholder="YY" />
          )}
        </Field>
        <Field id="card-cvc" label="Security code" error={errors['card.cvc']} className="col-span-2 sm:col-span-2">
          {(control) => (
            <Input {...control} value={value.cvc} onChange={set('cvc')} inputMode="numeric" autoComplete="cc-csc" maxLength={4} placeholder="CVC" />
          )}
        </Field>
      </div>
    </fieldset>
  );
}
