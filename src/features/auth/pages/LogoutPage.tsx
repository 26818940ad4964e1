import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import ErrorMessage from '../../../components/ErrorMessage';
import { PageSpinner } from '../../../components/Spinner';
import { selectAuthError, signOutAsync } from '../authSlice';
import { selectLoggedInUser, selectUserChecked } from '../../../lib/session';

/** Ends the session on the server, clears every slice, then goes to /login once the user is gone. */
export default function LogoutPage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectLoggedInUser);
  const userChecked = useAppSelector(selectUserChecked);
  const error = useAppSelector(selectAuthError);

  useEffect(() => {
    if (userChecked && user) dispatch(signOutAsync());
  }, [dispatch, userChecked, user]);

  if (userChecked && !user) return <Navigate to="/login" replace />;
  if (error) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <h1 className="sr-only">Sign out</h1>
        <ErrorMessage title="Signing out failed" message={error} onRetry={() => dispatch(signOutAsync())} />
      </div>
    );
  }
  return <PageSpinner label="Signing out…" />;
}
