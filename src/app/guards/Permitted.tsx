import { lazy, type ComponentType } from 'react';
import type { Permission } from '../../domain/types';
import { useAppSelector } from '../../lib/hooks';
import { selectLoggedInUser } from '../../lib/session';
import NoAccess from './NoAccess';

/**
 * A back-office page (`load`) for the staff whose role holds `permission` (the user answer's
 * `permissions`, src/domain/permissions.ts). Others stay on the address and are told they have no
 * access (NoAccess), with their way back; the page's code is fetched only for a role that may see
 * it. Part of the back office's page index (adminPages.ts), behind Protected admin.
 */
export function permittedPage(load: () => Promise<{ default: ComponentType }>, permission: Permission): { default: ComponentType } {
  const Page = lazy(load);
  function Permitted() {
    const user = useAppSelector(selectLoggedInUser);
    return user?.permissions?.includes(permission) ? <Page /> : <NoAccess />;
  }
  return { default: Permitted };
}
