import { Bars3Icon, ShoppingCartIcon, UserCircleIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router-dom';
import { Disclosure, DisclosureButton, DisclosurePanel, useCloseDisclosure } from '../../components/Disclosure';
import DropdownMenu from '../../components/DropdownMenu';
import { selectLoggedInUser } from '../../lib/session';
import { selectCartItemCount } from '../../features/cart/cartSlice';
import { selectUserInfo } from '../../features/user/userSlice';
import { useAppSelector } from '../../lib/hooks';
import { linksFor, USER_MENU, type NavLinkSpec } from './navigation';
import ShopLogo from './ShopLogo';

/** How many links fit beside the logo on a tablet's width (768 px); more get a row of their own. */
const LINKS_BESIDE_LOGO = 4;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-gray-900 text-white' : 'text-gray-200 hover:bg-gray-700 hover:text-white'}`;

function CartLink({ count }: { count: number }) {
  return (
    <Link
      to="/cart"
      className="relative rounded-full p-1 text-gray-200 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
    >
      <span className="sr-only">{count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}</span>
      <ShoppingCartIcon aria-hidden="true" className="size-7" />
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="cart-badge"
          className="absolute -top-1 -right-2 inline-flex min-w-5 items-center justify-center rounded-full bg-red-100 px-1.5 text-xs font-semibold text-red-800"
        >
          {count}
        </span>
      )}
    </Link>
  );
}

/** A link of the small screens' menu: following it closes the menu. */
function PanelNavLink(props: NavLinkProps) {
  return <NavLink {...props} onClick={useCloseDisclosure()} />;
}

function PanelLink(props: LinkProps) {
  return <Link {...props} onClick={useCloseDisclosure()} />;
}

/** Shown only when a user is signed in. */
export default function Navbar() {
  const user = useAppSelector(selectLoggedInUser);
  const userInfo = useAppSelector(selectUserInfo);
  const cartCount = useAppSelector(selectCartItemCount);
  if (!user) return null;
  const links = linksFor(user);
  const name = userInfo?.name || user.name || 'New User';
  // A shopper's few links fit beside the logo; the back office's (up to a dozen) get a row of
  // their own under the bar, wrapping on a narrow window instead of running off it.
  const ownRow = links.length > LINKS_BESIDE_LOGO;
  const linkList = (className: string) => (
    <ul className={className}>
      {links.map((item) => (
        <li key={item.name}>
          <NavLink to={item.link} end className={linkClass} title={item.opens} aria-label={accessibleName(item)}>
            {item.name}
          </NavLink>
        </li>
      ))}
    </ul>
  );

  return (
    <Disclosure as="nav" aria-label="Main" className="bg-gray-800">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex h-16 items-center justify-between">
          <div className="flex items-center gap-8">
            <ShopLogo />
            {!ownRow && linkList('hidden items-baseline gap-2 md:flex')}
          </div>
          <div className="hidden items-center gap-4 md:flex">
            <CartLink count={cartCount} />
            <DropdownMenu
              button={
                <>
                  <span className="sr-only">Open user menu</span>
                  <UserCircleIcon aria-hidden="true" className="size-8" />
                </>
              }
              buttonClassName="flex rounded-full text-gray-200 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              menuClassName="w-48 rounded-md bg-white py-1 shadow-lg ring-1 ring-black/5 focus:outline-none"
            >
              {USER_MENU.map((item) => (
                <Link
                  key={item.name}
                  to={item.link}
                  role="menuitem"
                  tabIndex={-1}
                  className="block px-4 py-2 text-sm text-gray-800 hover:bg-gray-100 focus:bg-gray-100 focus:outline-none"
                >
                  {item.name}
                </Link>
              ))}
            </DropdownMenu>
          </div>
          <div className="flex items-center gap-4 md:hidden">
            <CartLink count={cartCount} />
            <DisclosureButton className="group inline-flex items-center justify-center rounded-md p-2 text-gray-200 hover:bg-gray-700 hover:text-white focus-visible:outline-2 focus-visible:outline-white">
              <span className="sr-only">Open main menu</span>
              <Bars3Icon aria-hidden="true" className="size-6 group-data-open:hidden" />
              <XMarkIcon aria-hidden="true" className="hidden size-6 group-data-open:block" />
            </DisclosureButton>
          </div>
        </div>
      </div>

      {ownRow && (
        <div className="hidden border-t border-gray-700 md:block">
          {linkList('mx-auto flex max-w-7xl flex-wrap items-baseline gap-1 px-4 py-2 whitespace-nowrap sm:px-6 lg:px-8')}
        </div>
      )}

      <DisclosurePanel className="border-t border-gray-700 md:hidden">
        <ul className="space-y-1 px-2 pt-2 pb-3">
          {links.map((item) => (
            <li key={item.name}>
              <PanelNavLink
                to={item.link}
                end
                aria-label={accessibleName(item)}
                className={(state: { isActive: boolean }) => `block ${linkClass(state)}`}
              >
                {item.name}
              </PanelNavLink>
            </li>
          ))}
        </ul>
        <div className="border-t border-gray-700 pt-4 pb-3">
          <div className="flex items-center gap-3 px-5">
            <UserCircleIcon aria-hidden="true" className="size-10 text-gray-300" />
            <div>
              <p className="text-base font-medium text-white">{name}</p>
              <p className="text-sm text-gray-300">{user.email}</p>
            </div>
          </div>
          <ul className="mt-3 space-y-1 px-2">
            {USER_MENU.map((item) => (
              <li key={item.name}>
                <PanelLink
                  to={item.link}
                  className="block rounded-md px-3 py-2 text-base font-medium text-gray-200 hover:bg-gray-700 hover:text-white"
                >
                  {item.name}
                </PanelLink>
              </li>
            ))}
          </ul>
        </div>
      </DisclosurePanel>
    </Disclosure>
  );
}

/** A nav link's accessible name when its visible name does not say what it opens: the name first, then that. */
function accessibleName(item: NavLinkSpec): string | undefined {
  return item.opens && `${item.name}: ${item.opens.toLowerCase()}`;
}
