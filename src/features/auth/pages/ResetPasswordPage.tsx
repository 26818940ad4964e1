// /reset-password?token=…: the page a reset mail links to. A new password (the sign-up rule) and
// its confirmation; once set, every session of the account has ended and the sign-in page says so.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Field, Input } from '../../../components/controls';
import ErrorMessage from '../../../components/ErrorMessage';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { showServerErrors } from '../../../lib/serverErrors';
import { confirmPasswordOptions, signupRules, toRegisterOptions } from '../../../domain/validation';
import AuthLayout from '../components/AuthLayout';
import { resetPassword } from '../passwordResetAPI';

interface ResetForm {
  password: string;
  confirmPassword: string;
}

export const PASSWORD_RESET_NOTICE = 'Your password has been changed. Sign in with the new one.';

const askAgain = (
  <Link to="/forgot-password" className="font-semibold text-brand-700 hover:text-brand-600">
    Ask for a new link
  </Link>
);

export default function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useForm<ResetForm>();

  const footer = (
    <>
      Send me back to{' '}
      <Link to="/login" className="font-semibold text-brand-700 hover:text-brand-600">
        Login
      </Link>
    </>
  );

  if (!token) {
    return (
      <AuthLayout title="Choose a new password" footer={footer}>
        <p className="text-sm text-gray-700">This page needs the link from your reset email. {askAgain}.</p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" footer={footer}>
      <form
        noValidate
        className="space-y-6"
        onSubmit={handleSubmit(async ({ password }) => {
          setSaving(true);
          setError(null);
          try {
            await resetPassword(token, password);
            navigate('/login', { replace: true, state: { notice: PASSWORD_RESET_NOTICE } });
          } catch (e) {
            setError(showServerErrors(e, setFieldError, ['password'], { focus: false }));
            setSaving(false);
          }
        })}
      >
        <Field id="password" label="New password" error={errors.password?.message}>
          {(control) => (
            <Input type="password" autoComplete="new-password" {...control} {...register('password', toRegisterOptions(signupRules.password))} />
          )}
        </Field>
        <Field id="confirmPassword" label="Confirm Password" error={errors.confirmPassword?.message}>
          {(control) => (
            <Input
              type="password"
              autoComplete="new-password"
              {...control}
              {...register('confirmPassword', confirmPasswordOptions('password'))}
            />
          )}
        </Field>
        {error && (
          <div className="space-y-2">
            <ErrorMessage title="The password could not be changed" message={error} />
            <p className="text-sm">{askAgain}</p>
          </div>
        )}
        {/* Busy, not disabled, while it saves: a refusal leaves the focus on it; a second press sends nothing. */}
        <Button type="submit" size="sm" className="w-full" busy={saving}>
          {saving ? 'Saving…' : 'Set new password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
