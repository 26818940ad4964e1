import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Field, Input, Select } from '../../../components/controls';
import { showServerErrors } from '../../../lib/serverErrors';
import { ROLE_TEXT, STAFF_ROLES, type StaffRole } from './staffAPI';

interface Values {
  email: string;
  role: StaffRole;
}

interface Props {
  /** Adds the address with the role; resolves once done (the screen says what happened). */
  add: (values: Values) => Promise<void>;
}

/** Invite by email with a role: an address with an account gets the role, a new one an invitation. */
export default function InviteStaffForm({ add }: Props) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { email: '', role: 'support' } });

  async function submit(values: Values) {
    setFailure(null);
    try {
      await add({ email: values.email.trim(), role: values.role });
      reset({ email: '', role: values.role });
      // Ready for the next one, as adding a brand is (reset forgets the fields' refs: setFocus cannot).
      document.getElementById('staff-email')?.focus();
    } catch (rejected) {
      setFailure(showServerErrors(rejected, setError, ['email', 'role']));
    }
  }

  return (
    <form noValidate aria-label="Add a staff member" onSubmit={(event) => (isSubmitting ? event.preventDefault() : void handleSubmit(submit)(event))} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-900/5">
      <h2 className="text-base font-semibold text-gray-900">Add a staff member</h2>
      <p className="mt-1 text-sm text-gray-700">An address with an account gets the role at once; a new address is mailed an invitation to choose a password.</p>
      <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-start">
        <Field id="staff-email" label="Email" error={errors.email?.message}>
          {(control) => <Input type="email" autoComplete="off" {...control} {...register('email', { validate: (v) => v.trim() !== '' || 'Email is required' })} />}
        </Field>
        <Field id="staff-role" label="Role" error={errors.role?.message}>
          {(control) => (
            <Select {...control} {...register('role')}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_TEXT[role].label}: {ROLE_TEXT[role].does}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {/* Busy, not disabled, while it sends: a disabled button drops the keyboard focus. */}
        <Button type="submit" className="sm:mt-8" busy={isSubmitting}>
          {isSubmitting ? 'Adding…' : 'Add'}
        </Button>
      </div>
      {failure && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {failure}
        </p>
      )}
    </form>
  );
}
