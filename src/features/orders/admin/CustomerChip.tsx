import { XMarkIcon } from '@heroicons/react/20/solid';
import { Link } from 'react-router-dom';

/** The customer filter (`?user=<id>`, from the customers page), with a link back to every order. */
export default function CustomerChip({ user, clearHref }: { user: number; clearHref: string }) {
  return (
    <p className="mt-4 inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm font-medium text-brand-800">
      Orders of customer #{user}
      <Link
        to={clearHref}
        className="rounded-full p-1 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <XMarkIcon aria-hidden="true" className="size-4" />
        <span className="sr-only">Show every customer's orders</span>
      </Link>
    </p>
  );
}
