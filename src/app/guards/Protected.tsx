import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../components/Spinner';
import { selectLoggedInUser, selectUserChecked } from '../../lib/session';
import { useAppSelector } from '../../lib/hooks';

/** Signed-in users only; waits for the session check so a reload never flashes /login. */
export default function Protected({ children }: { children?: ReactNode }) {
  const user = useAppSelector(selectLoggedInUser);
  const userChecked = useAppSelector(selectUserChecked);
  const location = useLocation();
  if (!userChecked) return <PageSpinner label="Checking your session…" />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  return children ?? <Outlet />;
}
