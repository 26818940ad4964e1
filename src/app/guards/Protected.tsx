import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../components/Spinner';
import { useAppSelector } from '../../lib/hooks';
import { selectLoggedInUser, selectUserChecked } from '../../lib/session';

interface ProtectedProps {
  /** The back office: staff only (any staff role); shoppers go to /. Each page's permission: Permitted. */
  admin?: boolean;
  children?: ReactNode;
}

/**
 * Signed-in users only: logged-out visitors go to /login. Waits for the session check, so a
 * reload never flashes /login.
 */
export default function Protected({ admin = false, children }: ProtectedProps) {
  const user = useAppSelector(selectLoggedInUser);
  const userChecked = useAppSelector(selectUserChecked);
  const location = useLocation();
  if (!userChecked) return <PageSpinner label="Checking your session…" />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (admin && !user.permissions?.includes('dashboard')) return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}
