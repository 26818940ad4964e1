import { Link, useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { INFO_PAGES } from './infoPages';

/** One simple page for every informational footer link, keyed by its path. */
export default function InfoPage() {
  const { pathname } = useLocation();
  const title = INFO_PAGES.find((page) => page.path === pathname)?.title ?? 'Information';
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900">{title}</h1>
      <p className="mt-4 text-base text-gray-700">
        This page is part of the Best Buy Shop information pages. Its content will be published soon.
      </p>
      <Link to="/" className="mt-8 inline-block text-sm font-semibold text-brand-700 hover:text-brand-600">
        Back to the shop <span aria-hidden="true">&rarr;</span>
      </Link>
    </div>
  );
}
