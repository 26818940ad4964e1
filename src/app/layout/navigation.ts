import type { Permission, User } from '../../domain/types';

export interface NavLinkSpec {
  name: string;
  link: string;
  /**
   * Who sees the link: 'shopper' for shoppers only; a permission (src/domain/permissions.ts) for
   * the staff whose role holds it (the server sends them in the user answer); absent for nobody.
   */
  shows?: 'shopper' | Permission;
  /**
   * What the link opens, when its name (from the original design) does not say: read after the
   * name, and its tooltip.
   */
  opens?: string;
}

const NAV_LINKS: NavLinkSpec[] = [
  // The original design names the shopper's link to the product list "Dashboard": the name stays,
  // and screen readers and the tooltip say what it opens (docs/decisions.md).
  { name: 'Dashboard', link: '/', shows: 'shopper', opens: 'All products' },
  { name: 'Team', link: '/' },
  // The back office: each link for the roles that may open its page (the page's permission, routes.ts).
  { name: 'Dashboard', link: '/admin/dashboard', shows: 'dashboard' },
  { name: 'Admin', link: '/admin', shows: 'catalogue' },
  { name: 'Products table', link: '/admin/products', shows: 'catalogue' },
  { name: 'Orders', link: '/admin/orders', shows: 'orders.read' },
  { name: 'Customers', link: '/admin/customers', shows: 'customers' },
  { name: 'Audit log', link: '/admin/audit', shows: 'audit' },
  { name: 'Emails', link: '/admin/emails', shows: 'emails' },
  { name: 'Shipping', link: '/admin/shipping', shows: 'settings' },
  { name: 'Promotions', link: '/admin/promotions', shows: 'promotions' },
  { name: 'Brands & categories', link: '/admin/catalogue', shows: 'catalogue' },
  { name: 'Webhooks', link: '/admin/webhooks', shows: 'webhooks' },
  { name: 'Staff', link: '/admin/staff', shows: 'staff' },
];

export const USER_MENU = [
  { name: 'My Profile', link: '/profile' },
  { name: 'My Orders', link: '/orders' },
  { name: 'My Wishlist', link: '/wishlist' },
  { name: 'Sign out', link: '/logout' },
];

/** Whether `user` may open a page that needs `permission` (the permissions the server sent). */
export const permits = (user: Pick<User, 'permissions'>, permission: Permission): boolean => user.permissions?.includes(permission) ?? false;

export function linksFor(user: Pick<User, 'role' | 'permissions'>): NavLinkSpec[] {
  return NAV_LINKS.filter(({ shows }) => (shows === 'shopper' ? user.role === 'user' : shows !== undefined && permits(user, shows)));
}
