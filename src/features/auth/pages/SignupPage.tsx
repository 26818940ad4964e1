import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import ErrorMessage from '../../../components/ErrorMessage';
import { PageSpinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { PASSWORD_NOT_MATCHING, signupRules, toRegisterOptions } from '../../../lib/validation';
import { authErrorCleared, createUserAsync, selectAuthError, selectAuthStatus } from '../authSlice';
import { selectLoggedInUser, selectUserChecked } from '../../../lib/session';
import AuthLayout from '../components/AuthLayout';
import FormField from '../components/FormField';
import SubmitButton from '../components/SubmitButton';

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

  // SPEC §2: a signed-in visitor is sent to /login (which in turn sends them home).
  if (user) return <Navigate to="/login" replace />;
  if (!userChecked) return <PageSpinner label="Checking your session…" />;

  return (
    <AuthLayout
      title="Create a New Account"
      footer={
        <>
          Already a Member?{' '}
          <Link to="/login" className="font-semibold text-indigo-700 hover:text-indigo-600">
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
        <FormField
          id="email"
          label="Email address"
          type="email"
          autoComplete="email"
          registration={register('email', toRegisterOptions(signupRules.email))}
          error={errors.email?.message}
        />
        <FormField
          id="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          registration={register('password', toRegisterOptions(signupRules.password))}
          error={errors.password?.message}
        />
        <FormField
          id="confirmPassword"
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          registration={register('confirmPassword', {
            ...toRegisterOptions(signupRules.confirmPassword),
            validate: (value, form) => (value ? value === form.password || PASSWORD_NOT_MATCHING : signupRules.confirmPassword.required),
          })}
          error={errors.confirmPassword?.message}
        />
        {error && <ErrorMessage title="The account could not be created" message={error} />}
        <SubmitButton busy={status === 'loading'} busyText="Signing up…">
          Sign up
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
