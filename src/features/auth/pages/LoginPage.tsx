import { lazy, useEffect } from 'react';
import { Link, Navigate, useLocation, type Location } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { Button, Field, Input } from '../../../components/controls';
import { PageSpinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { authErrorCleared, loadCodeStep, loginUserAsync, selectAuthError, selectAuthStatus } from '../authSlice';
import { selectLoggedInUser, selectUserChecked } from '../../../lib/session';
import AuthLayout from '../components/AuthLayout';
import { CODE_REQUIRED } from '../../../domain/constants';
import { useLoginForm } from '../useLoginForm';

// The two-factor code step: fetched only when the server asks for a code (not in the first load);
// while it comes, the page's boundary (PageBoundary) shows its spinner, keeping what was typed.
const CodeStep = lazy(loadCodeStep);

/** Where to go after signing in: back to the guarded page that sent us here, else home. */
function destination(location: Location): string {
  const from = (location.state as { from?: Location } | null)?.from;
  if (!from || from.pathname === '/logout' || from.pathname === '/login') return '/';
  return `${from.pathname}${from.search}`;
}

export default function LoginPage() {
  useDocumentTitle('Sign in');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectLoggedInUser);
  const userChecked = useAppSelector(selectUserChecked);
  const error = useAppSelector(selectAuthError);
  const status = useAppSelector(selectAuthStatus);
  const location = useLocation();
  const { errors, values, formProps } = useLoginForm((credentials) => void dispatch(loginUserAsync(credentials)));

  useEffect(() => {
    dispatch(authErrorCleared());
  }, [dispatch]);

  // A message another page sent along (the reset page: the password was changed).
  const notice = (location.state as { notice?: unknown } | null)?.notice;
  if (user) return <Navigate to={destination(location)} replace />;
  if (!userChecked) return <PageSpinner label="Checking your session…" />;

  const passwordError = errors.password ?? error ?? undefined;
  return (
    <AuthLayout
      title="Log in to your account"
      footer={
        <>
          Not a member?{' '}
          <Link to="/signup" className="font-semibold text-brand-700 hover:text-brand-600">
            Create an Account
          </Link>
        </>
      }
    >
      {error === CODE_REQUIRED ? (
        <CodeStep {...values} />
      ) : (
        <form className="space-y-6" {...formProps}>
          {typeof notice === 'string' && (
            <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
              {notice}
            </p>
          )}
          <Field id="email" label="Email address" error={errors.email}>
            {(control) => (
              // Back from the code step (the form comes back filled): the focus starts here again.
              <Input type="email" name="email" autoComplete="email" autoFocus={values.email !== ''} defaultValue={values.email} {...control} />
            )}
          </Field>
          <Field
            id="password"
            label="Password"
            error={passwordError}
            aside={
              <Link to="/forgot-password" className="text-sm font-semibold text-brand-700 hover:text-brand-600">
                Forgot password?
              </Link>
            }
          >
            {(control) => (
              <Input
                type="password"
                autoComplete="current-password"
                name="password"
                defaultValue={values.password}
                {...control}
              />
            )}
          </Field>
          <Button type="submit" size="sm" className="w-full" disabled={status === 'loading'}>
            {status === 'loading' ? 'Logging in…' : 'Log in'}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
