import { useDocumentTitle } from './useDocumentTitle';
import GoBackHome from './GoBackHome';

/**
 * The app's 404 page: for a path no route has (NotFoundPage), and for a page whose thing does not
 * exist or is not the visitor's (an order number that is not one of the shopper's).
 */
export default function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <div className="grid min-h-[60vh] place-items-center px-6 py-24 sm:py-32 lg:px-8">
      <div className="text-center">
        <p className="text-base font-semibold text-brand-700">404</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-gray-900 sm:text-5xl">Page not found</h1>
        <p className="mt-6 text-base leading-7 text-gray-700">Sorry, we couldn&apos;t find the page you&apos;re looking for.</p>
        <div className="mt-10 flex items-center justify-center">
          <GoBackHome />
        </div>
      </div>
    </div>
  );
}
