import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { forgotPasswordRules, toRegisterOptions } from '../../../lib/validation';
import AuthLayout from '../components/AuthLayout';
import FormField from '../components/FormField';
import SubmitButton from '../components/SubmitButton';

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
          <Link to="/login" className="font-semibold text-indigo-700 hover:text-indigo-600">
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
        <FormField
          id="email"
          label="Email address"
          type="email"
          autoComplete="email"
          registration={register('email', toRegisterOptions(forgotPasswordRules.email))}
          error={errors.email?.message}
        />
        <SubmitButton busy={false} busyText="">
          Send Email
        </SubmitButton>
        <p role="status" className="text-sm text-gray-700">
          {submitted ? 'Password reset by email is not available in this demo shop yet, so no email was sent.' : ''}
        </p>
      </form>
    </AuthLayout>
  );
}
