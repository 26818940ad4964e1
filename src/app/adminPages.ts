// The back office's pages, each its own chunk, keyed './features/…/admin/…Screen.tsx', and the
// permission each needs (src/domain/permissions.ts). Their index is a chunk of its own too,
// fetched with the first back-office page a staff member opens: the shopper's first load carries
// none of their names, permissions or dependency lists (router.tsx).
import type { ComponentType } from 'react';
import type { Permission } from '../domain/types';
import { permittedPage } from './guards/Permitted';

type PageModule = { default: ComponentType };

export const ADMIN_PAGES = import.meta.glob<PageModule>(['./features/*/admin/*Screen.tsx', '!**/*.test.tsx'], { base: '/src/' });

/**
 * Each back-office page's permission, by its module: a role without it is told it has no access
 * and the page's code is not fetched. A page not listed here is the admins' (`staff`).
 */
export const PAGE_PERMISSIONS: Record<string, Permission> = {
  './features/products/admin/AdminHomeScreen.tsx': 'catalogue',
  './features/products/admin/AdminProductDetailScreen.tsx': 'catalogue',
  './features/products/admin/ProductFormScreen.tsx': 'catalogue',
  './features/products/admin/ImportScreen.tsx': 'catalogue',
  './features/products/admin/CatalogueTaxonomyScreen.tsx': 'catalogue',
  './features/orders/admin/AdminOrdersScreen.tsx': 'orders.read',
  './features/orders/admin/PackingSlipScreen.tsx': 'orders.read',
  './features/orders/admin/DashboardScreen.tsx': 'dashboard',
  './features/user/admin/CustomersScreen.tsx': 'customers',
  './features/audit/admin/AuditScreen.tsx': 'audit',
  './features/mail/admin/EmailsScreen.tsx': 'emails',
  './features/shipping/admin/ShippingScreen.tsx': 'settings',
  './features/promotions/admin/PromotionsScreen.tsx': 'promotions',
  './features/staff/admin/StaffScreen.tsx': 'staff',
  './features/products/admin/AdminProductsScreen.tsx': 'catalogue',
  './features/webhooks/admin/WebhooksScreen.tsx': 'webhooks',
};

/** The back-office page module at `key`, behind its permission; undefined when there is none. */
export function adminPage(key: string): PageModule | undefined {
  const load = ADMIN_PAGES[key];
  return load && permittedPage(load, PAGE_PERMISSIONS[key] ?? 'staff');
}
