// The back office's staff (admins only): GET /admin/staff, POST /admin/staff {email, role} (an
// account gets the role; a new address is invited by mail), PATCH /admin/staff/:id {role},
// DELETE /admin/staff/:id (a shopper again).
import { apiClient } from '../../../lib/apiClient';
import type { StaffMember, StaffRole } from '../../../domain/permissions';

export type { StaffMember, StaffRole };
export { STAFF_ROLES } from '../../../domain/permissions';

/** Each role as the page names it, and what it may do (src/domain/permissions.ts). */
export const ROLE_TEXT: Record<StaffRole, { label: string; does: string }> = {
  admin: { label: 'Admin', does: 'everything, staff and settings included' },
  catalogue: { label: 'Catalogue', does: 'products, brands, categories, imports and promotions' },
  fulfilment: { label: 'Fulfilment', does: 'orders, dispatch and returns, not refunds' },
  support: { label: 'Support', does: 'customers, emails and orders to read' },
};

export const loadStaff = () => apiClient.get<StaffMember[]>('/admin/staff');
export const addStaff = (body: { email: string; role: StaffRole }) => apiClient.post<StaffMember>('/admin/staff', body);
export const setStaffRole = (id: number, role: StaffRole) => apiClient.patch<StaffMember>(`/admin/staff/${id}`, { role });
export const removeStaff = (id: number) => apiClient.delete<void>(`/admin/staff/${id}`);
