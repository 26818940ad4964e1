import { ShoppingBagIcon } from '@heroicons/react/24/outline';
import { Link } from 'react-router-dom';

export default function ShopLogo({ dark = true }: { dark?: boolean }) {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-brand-400">
      <ShoppingBagIcon aria-hidden="true" className={`size-8 ${dark ? 'text-brand-300' : 'text-brand-600'}`} />
      <span className="flex flex-col leading-tight">
        <span className={`text-base font-bold ${dark ? 'text-white' : 'text-gray-900'}`}>Best Buy Shop</span>
        <span className={`text-xs ${dark ? 'text-gray-300' : 'text-gray-600'}`}>Best Buy Always</span>
      </span>
    </Link>
  );
}
