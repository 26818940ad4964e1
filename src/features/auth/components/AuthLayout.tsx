import type { ReactNode } from 'react';
import ShopIcon from './ShopIcon';

/** The centred card of the sign-in pages (no navbar: nobody is signed in). */
export default function AuthLayout({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex min-h-[80vh] flex-col justify-center px-6 py-12 lg:px-8">
      <div className="sm:mx-auto sm:w-full sm:max-w-sm">
        <ShopIcon />
        <h1 className="mt-8 text-center text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
      </div>
      <div className="mt-8 sm:mx-auto sm:w-full sm:max-w-sm">
        {children}
        {footer && <div className="mt-8 text-center text-sm text-gray-600">{footer}</div>}
      </div>
    </div>
  );
}
