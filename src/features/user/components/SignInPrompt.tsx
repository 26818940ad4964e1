import { Link } from 'react-router-dom';
import { buttonClass } from '../../../components/controls';

/** /orders and /profile have no guard; a signed-out visitor gets a way in instead. */
export default function SignInPrompt({ title, what }: { title: string; what: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900">{title}</h1>
      <p className="mt-4 text-base text-gray-700">Sign in to see {what}.</p>
      <Link
        to="/login"
        className={buttonClass('primary', 'md', 'mt-8')}
      >
        Log in
      </Link>
    </div>
  );
}
