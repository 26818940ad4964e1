import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { Button, Field, Input } from '../../../components/controls';
import ErrorMessage from '../../../components/ErrorMessage';
import { PageSpinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { confirmPasswordOptions, signupRules, toRegisterOptions } from '../../../domain/validation';
import { authErrorCleared, createUserAsync, selectAuthError, selectAuthStatus } from '../authSlice';
import { selectLoggedInUser, selectUserChecked } from '../../../lib/session';
import AuthLayout from '../components/AuthLayout';

interface SignupForm {
  email: string;
  password: string;
  confirmPassword: string;
}

export default function SignupPage() {
  useDocumentTitle('Create an account');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectLoggedInUser);
  const userChecked = useAppSelector(selectUserChecked);
  const error = useAppSelector(selectAuthError);
  const status = useAppSelector(selectAuthStatus);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignupForm>();

  useEffect(() => {
    dispatch(authErrorCleared());
  }, [dispatch]);

  // A signed-in visitor is sent to /login (which in turn sends them home).
  if (user) return <Navigate to="/login" replace />;
  if (!userChecked) return <PageSpinner label="Checking your session…" />;

  return (
    <AuthLayout
      title="Create a New Account"
      footer={
        <>
          Already a Member?{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:text-brand-600">
            Log In
          </Link>
        </>
      }
    >
      <form
        noValidate
        className="space-y-6"
        onSubmit={handleSubmit(({ email, password }) => dispatch(createUserAsync({ email, password })))}
      >
        <Field id="email" label="Email address" error={errors.email?.message}>
          {(control) => (
            <Input type="email" autoComplete="email" {...control} {...register('email', toRegisterOptions(signupRules.email))} />
          )}
        </Field>
        <Field id="password" label="Password" error={errors.password?.message}>
          {(control) => (
            <Input
              type="password"
              autoComplete="new-password"
              {...control}
              {...register('password', toRegisterOptions(signupRules.password))}
            />
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
        {error && <ErrorMessage title="The account could not be created" message={error} />}
        <Button type="submit" size="sm" className="w-full" disabled={status === 'loading'}>
          {status === 'loading' ? 'Signing up…' : 'Sign up'}
        </Button>
      </form>
    </AuthLayout>
  );
}
