import { lazy, Suspense, type ComponentType } from 'react';
import { PageSpinner } from '../../components/Spinner';

/**
 * The router fetches a route's module as soon as the URL matches, before ProtectedAdmin decides.
 * So each admin route module (pages/) is only this shell, and the screen's code is fetched when
 * the shell first renders, which the guard allows for admins only: a shopper who types /admin
 * gets a few hundred bytes of shell and is redirected, never the back office itself.
 */
export function adminRoute(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Screen = lazy(load);
  return function AdminRoute() {
    return (
      <Suspense fallback={<PageSpinner label="Loading the back office…" />}>
        <Screen />
      </Suspense>
    );
  };
}
