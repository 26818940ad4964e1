import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button, Field, Input } from '../../../components/controls';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { forgotPasswordRules, toRegisterOptions } from '../../../lib/validation';
import AuthLayout from '../components/AuthLayout';

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [submitted, setSubmitted] = useState(false);
  const {
    register,
    handleSubmit,
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
        onSubmit={handleSubmit((data) => {
          // SPEC §2: submitting only logs the value; no reset call exists.
          console.log(data);
          setSubmitted(true);
        })}
      >
        <Field id="email" label="Email address" error={errors.email?.message}>
          {(control) => (
            <Input type="email" autoComplete="email" {...control} {...register('email', toRegisterOptions(forgotPasswordRules.email))} />
          )}
        </Field>
        <Button type="submit" size="sm" className="w-full">
          Send Email
        </Button>
        <p role="status" className="text-sm text-gray-700">
          {submitted ? 'Password reset by email is not available in this demo shop yet, so no email was sent.' : ''}
        </p>
      </form>
    </AuthLayout>
  );
}
