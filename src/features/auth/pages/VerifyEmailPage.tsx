// /verify-email?token=…: the page the confirmation mail links to. It sends the token once, as it
// opens (signed in or not), and says how it went; a used or expired link offers a new one to a
// signed-in shopper, and sign-in to anyone else.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/controls';
import ErrorMessage from '../../../components/ErrorMessage';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { selectLoggedInUser } from '../../../lib/session';
import { checkAuthAsync } from '../authSlice';
import AuthLayout from '../components/AuthLayout';
import { useResendVerification } from '../useResendVerification';
import { verifyEmail } from '../verifyEmailAPI';

type Outcome = { ok: true; message: string } | { ok: false; message: string };

// One request per token, whatever renders the page (StrictMode runs effects twice; a second
// request would find the token used).
const sent = new Map<string, Promise<Outcome>>();
function verifyOnce(token: string): Promise<Outcome> {
  let outcome = sent.get(token);
  if (!outcome) {
    outcome = verifyEmail(token).then(
      ({ message }) => ({ ok: true as const, message }),
      (error: unknown) => ({ ok: false as const, message: error instanceof Error ? error.message : String(error) }),
    );
    sent.set(token, outcome);
  }
  return outcome;
}

const linkClass = 'font-semibold text-brand-700 hover:text-brand-600';

function NewLink() {
  const user = useAppSelector(selectLoggedInUser);
  const [state, send] = useResendVerification();
  if (!user) {
    return (
      <p className="text-sm text-gray-700">
        <Link to="/login" className={linkClass}>
          Sign in
        </Link>{' '}
        to ask for a new link.
      </p>
    );
  }
  if (user.verified !== false) return null;
  return (
    <div className="space-y-2 text-sm text-gray-700">
      {state.phase !== 'sent' && (
        <Button look="secondary" size="sm" onClick={send} disabled={state.phase === 'sending'}>
          {state.phase === 'sending' ? 'Sending…' : 'Send a new link'}
        </Button>
      )}
      <p aria-live="polite" className={state.phase === 'failed' ? 'font-medium text-red-800' : ''}>
        {state.phase === 'sent' || state.phase === 'failed' ? state.message : ''}
      </p>
    </div>
  );
}

export default function VerifyEmailPage() {
  useDocumentTitle('Confirm your email');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const dispatch = useAppDispatch();
  const account = useAppSelector(selectLoggedInUser);
  const signedIn = account !== null;
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    void verifyOnce(token).then((result) => {
      if (live) setOutcome(result);
    });
    return () => {
      live = false;
    };
  }, [token]);

  // Confirmed: the signed-in account (if it is the one) now reads as verified.
  useEffect(() => {
    if (outcome?.ok && signedIn) void dispatch(checkAuthAsync());
  }, [outcome, signedIn, dispatch]);

  const footer = signedIn ? (
    <Link to="/" className={linkClass}>
      Continue shopping
    </Link>
  ) : (
    <>
      Go to{' '}
      <Link to="/login" className={linkClass}>
        Login
      </Link>
    </>
  );

  let body;
  if (!token) {
    body = (
      <div className="space-y-4">
        <p className="text-sm text-gray-700">This page needs the link from your confirmation email.</p>
        <NewLink />
      </div>
    );
  } else if (!outcome) {
    body = (
      <p role="status" className="text-sm text-gray-700">
        Confirming your email address…
      </p>
    );
  } else if (outcome.ok || (account !== null && account.verified !== false)) {
    // A link that no longer works, opened by an account already confirmed (an older mail of two): nothing to fix.
    body = (
      <p role="status" className="rounded-md bg-green-50 p-4 text-sm font-medium text-green-800">
        {outcome.ok ? outcome.message : 'Your email address is already confirmed.'}
      </p>
    );
  } else {
    body = (
      <div className="space-y-4">
        <ErrorMessage title="Your email address could not be confirmed" message={outcome.message} />
        <NewLink />
      </div>
    );
  }

  return (
    <AuthLayout title="Confirm your email" footer={footer}>
      {body}
    </AuthLayout>
  );
}
