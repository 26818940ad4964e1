import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field, Input } from '../../../components/controls';
import FormActions from '../../../components/FormActions';
import { CONTACT_LABELS, contactRules, type ShopContact } from '../../../domain/settings';
import { toRegisterOptions } from '../../../domain/validation';
import { showServerErrors } from '../../../lib/serverErrors';

const FIELDS = Object.keys(CONTACT_LABELS) as (keyof ShopContact)[];
const INPUT: Record<keyof ShopContact, { type: string; autoComplete: string }> = {
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
  address: { type: 'text', autoComplete: 'street-address' },
  hours: { type: 'text', autoComplete: 'off' },
};

interface Props {
  contact: ShopContact;
  save: (contact: ShopContact) => Promise<unknown>;
  onCancel: () => void;
}

/** Edit the shop's contact details: each field required, checked as the server checks it. */
export default function ContactForm({ contact, save, onCancel }: Props) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ShopContact>({ defaultValues: contact });
  useEffect(() => setFocus('email'), [setFocus]);

  async function submit(values: ShopContact) {
    setFailure(null);
    try {
      await save(values);
    } catch (rejected) {
      setFailure(showServerErrors(rejected, setError, FIELDS));
    }
  }

  return (
    <form noValidate aria-label="Edit the contact details" onSubmit={handleSubmit(submit)} className="mt-4 rounded-lg border border-brand-200 bg-brand-50/40 p-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <Field key={field} id={`contact-${field}`} label={CONTACT_LABELS[field]} error={errors[field]?.message}>
            {(control) => <Input {...INPUT[field]} {...control} {...register(field, toRegisterOptions(contactRules[field]))} />}
          </Field>
        ))}
      </div>
      <FormActions what="contact details" failure={failure} saving={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
