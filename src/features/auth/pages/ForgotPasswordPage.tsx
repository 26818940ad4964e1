import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button, Field, Input } from '../../../components/controls';
import ErrorMessage from '../../../components/ErrorMessage';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { showServerErrors } from '../../../lib/serverErrors';
import { forgotPasswordRules, toRegisterOptions } from '../../../domain/validation';
import AuthLayout from '../components/AuthLayout';
import { requestPasswordReset } from '../passwordResetAPI';

/**
 * Shown whatever the address, in the server's words (the same whether or not it has an account;
 * they say so when no mail server is set and the link waits in the outbox); this if it gives none.
 */
export const RESET_REQUESTED = 'If an account exists for that address, we have sent a link to reset the password.';

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useForm<{ email: string }>();

  return (
    <AuthLayout
      title="Enter email to reset password"
      footer={
        <>
          Send me back to{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:text-brand-600">
            Login
          </Link>
        </>
      }
    >
      <form
        noValidate
        className="space-y-6"
        onSubmit={handleSubmit(async ({ email }) => {
          setSending(true);
          setError(null);
          setSent(null);
          try {
            const answer = await requestPasswordReset(email.trim());
            setSent(typeof answer?.message === 'string' && answer.message ? answer.message : RESET_REQUESTED);
          } catch (e) {
            setError(showServerErrors(e, setFieldError, ['email'], { focus: false }));
          } finally {
            setSending(false);
          }
        })}
      >
        <Field id="email" label="Email address" error={errors.email?.message}>
          {(control) => (
            <Input type="email" autoComplete="email" {...control} {...register('email', toRegisterOptions(forgotPasswordRules.email))} />
          )}
        </Field>
        {error && <ErrorMessage title="The email could not be sent" message={error} />}
        <Button type="submit" size="sm" className="w-full" disabled={sending}>
          {sending ? 'Sending…' : 'Send Email'}
        </Button>
        <p role="status" className="text-sm text-gray-700">
          {sent ?? ''}
        </p>
      </form>
    </AuthLayout>
  );
}
