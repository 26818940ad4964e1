import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAppAlert } from '../../../components/Alerts';
import { Button, Field, Input } from '../../../components/controls';
import ErrorMessage from '../../../components/ErrorMessage';
import { useAppDispatch } from '../../../lib/hooks';
import { showServerErrors } from '../../../lib/serverErrors';
import { changePasswordRules, confirmPasswordOptions, toRegisterOptions } from '../../../domain/validation';
import type { PasswordChange } from '../userAPI';
import { changePasswordAsync } from '../userSlice';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** The profile's "Change password": the current one, the new one twice. Other devices are signed out. */
export default function ChangePasswordForm() {
  const dispatch = useAppDispatch();
  const alert = useAppAlert();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChange>();

  async function submit(change: PasswordChange) {
    setFailure(null);
    try {
      await dispatch(changePasswordAsync(change)).unwrap();
      reset();
      alert.success('Password changed. Your other devices are signed out.');
    } catch (rejected) {
      // What the server said of a field goes under it; anything else above the button.
      setFailure(showServerErrors(rejected, setError, FIELDS));
    }
  }

  return (
    <section aria-labelledby="password-heading" className="mt-8 rounded-lg border border-gray-200 bg-white px-4 py-6 sm:px-6">
      <h2 id="password-heading" className="text-xl font-semibold text-gray-900">
        Change password
      </h2>
      <p className="mt-1 text-sm text-gray-700">Changing it signs you out everywhere else; you stay signed in here.</p>
      <form noValidate className="mt-6 max-w-md space-y-6" onSubmit={handleSubmit(submit)}>
        <Field id="currentPassword" label="Current password" error={errors.currentPassword?.message}>
          {(control) => (
            <Input type="password" autoComplete="current-password" {...control} {...register('currentPassword', toRegisterOptions(changePasswordRules.currentPassword))} />
          )}
        </Field>
        <Field id="newPassword" label="New password" error={errors.newPassword?.message}>
          {(control) => (
            <Input type="password" autoComplete="new-password" {...control} {...register('newPassword', toRegisterOptions(changePasswordRules.newPassword))} />
          )}
        </Field>
        <Field id="confirmNewPassword" label="Confirm new password" error={errors.confirmPassword?.message}>
          {(control) => (
            <Input
              type="password"
              autoComplete="new-password"
              {...control}
              {...register('confirmPassword', confirmPasswordOptions('newPassword'))}
            />
          )}
        </Field>
        {failure && <ErrorMessage title="The password was not changed" message={failure} />}
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting ? 'Changing…' : 'Change password'}
        </Button>
      </form>
    </section>
  );
}
