import { ShoppingBagIcon } from '@heroicons/react/24/outline';

export default function ShopIcon() {
  return (
    <div className="flex flex-col items-center">
      <ShoppingBagIcon aria-hidden="true" className="size-12 text-brand-600" />
      <p className="mt-2 text-lg font-bold text-gray-900">Best Buy Shop</p>
      <p className="text-sm text-gray-600">Best Buy Always</p>
    </div>
  );
}
