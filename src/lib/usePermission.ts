// Whether the signed-in account may do `permission` (the user answer's `permissions`,
// src/domain/permissions.ts): the back office hides what a role cannot do. Imported by back-office
// code only, so it stays out of the shopper's first load.
import type { Permission } from '../domain/types';
import { useAppSelector } from './hooks';
import { selectLoggedInUser } from './session';

export function usePermission(permission: Permission): boolean {
  return useAppSelector(selectLoggedInUser)?.permissions?.includes(permission) ?? false;
}
