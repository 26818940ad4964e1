import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../../components/Spinner';
import { selectLoggedInUser, selectUserChecked } from '../../lib/session';
import { useAppSelector } from '../../lib/hooks';

/** Admins only: logged-out visitors go to /login, other users to / (SPEC §6). */
export default function ProtectedAdmin({ children }: { children?: ReactNode }) {
  const user = useAppSelector(selectLoggedInUser);
  const userChecked = useAppSelector(selectUserChecked);
  const location = useLocation();
  if (!userChecked) return <PageSpinner label="Checking your session…" />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (user.role !== 'admin') return <Navigate to="/" replace />;
  return children ?? <Outlet />;
}
