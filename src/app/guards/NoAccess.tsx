import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';

export const NO_ACCESS = 'You do not have access to this page';

/** What a staff member sees on a back-office page their role may not use (Permitted): fetched only then. */
export default function NoAccess() {
  useDocumentTitle(NO_ACCESS);
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">{NO_ACCESS}</h1>
      <p className="mt-4 text-base text-gray-700">Your role does not allow this page. Ask an admin if you need it.</p>
      <p className="mt-6">
        <Link to="/admin/dashboard" className="rounded font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
          Back to the dashboard
        </Link>
      </p>
    </div>
  );
}
