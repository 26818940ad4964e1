import type { Role } from '../../domain/types';

export interface NavLinkSpec {
  name: string;
  link: string;
  /** Role flags: a link shows only when the flag of the signed-in user's role is set. */
  user: boolean;
  admin: boolean;
  /**
   * What the link opens, when its name (from the original design) does not say: read after the
   * name, and its tooltip.
   */
  opens?: string;
}

const NAV_LINKS: NavLinkSpec[] = [
  // The original design names the shopper's link to the product list "Dashboard": the name stays,
  // and screen readers and the tooltip say what it opens (docs/decisions.md).
  { name: 'Dashboard', link: '/', user: true, admin: false, opens: 'All products' },
  { name: 'Team', link: '/', user: false, admin: false },
  // The back office, with its dashboard, customers and audit log.
  { name: 'Dashboard', link: '/admin/dashboard', user: false, admin: true },
  { name: 'Admin', link: '/admin', user: false, admin: true },
  { name: 'Products table', link: '/admin/products', user: false, admin: true },
  { name: 'Orders', link: '/admin/orders', user: false, admin: true },
  { name: 'Customers', link: '/admin/customers', user: false, admin: true },
  { name: 'Audit log', link: '/admin/audit', user: false, admin: true },
  { name: 'Emails', link: '/admin/emails', user: false, admin: true },
  { name: 'Shipping', link: '/admin/shipping', user: false, admin: true },
  { name: 'Promotions', link: '/admin/promotions', user: false, admin: true },
  { name: 'Brands & categories', link: '/admin/catalogue', user: false, admin: true },
  { name: 'Webhooks', link: '/admin/webhooks', user: false, admin: true },
];

export const USER_MENU = [
  { name: 'My Profile', link: '/profile' },
  { name: 'My Orders', link: '/orders' },
  { name: 'My Wishlist', link: '/wishlist' },
  { name: 'Sign out', link: '/logout' },
];

export function linksFor(role: Role): NavLinkSpec[] {
  return NAV_LINKS.filter((item) => item[role]);
}
