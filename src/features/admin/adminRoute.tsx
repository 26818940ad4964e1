import { lazy, Suspense, type ComponentType } from 'react';
import { PageSpinner } from '../../components/Spinner';

/**
 * Each admin route module (pages/) is only this shell, and the screen's code is fetched when the
 * shell first renders, which ProtectedAdmin allows for admins only. The router already renders a
 * page only after its guard, so this is a second line: even a route module fetched early (a
 * preload hint, a future data router) holds no back-office code.
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
