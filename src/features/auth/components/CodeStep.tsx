// The sign-in's second step, for an account with two-factor sign-in: the password was right and
// the server asked for a code. Loaded lazily by the login page (only then), so the first load of
// /login carries none of it. It sends the email and password again with the code; the signed-in
// user it gets back goes to the session (the login page then moves on).
import { useId, useState, type FormEvent } from 'react';
import { Button, Field, Input } from '../../../components/controls';
import { CODE_FORMAT_MESSAGE, readTwoFactorCode } from '../../../domain/twoFactor';
import type { User } from '../../../domain/types';
import { apiClient } from '../../../lib/apiClient';
import { useAppDispatch } from '../../../lib/hooks';
import { userUpdated } from '../../../lib/session';
import { authErrorCleared } from '../authSlice';
import type { Credentials } from '../authAPI';

export default function CodeStep({ email, password }: Credentials) {
  const dispatch = useAppDispatch();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!readTwoFactorCode(code)) return setError(CODE_FORMAT_MESSAGE);
    setError(undefined);
    setSending(true);
    try {
      dispatch(userUpdated(await apiClient.post<User>('/auth/login', { email, password, code })));
    } catch (failure) {
      setError((failure as Error).message);
      setSending(false);
    }
  }

  return (
    <form noValidate className="space-y-6" onSubmit={(event) => void submit(event)}>
      <p id={`${id}-note`} className="text-sm text-gray-700">
        Your account has two-factor sign-in. Enter the 6-digit code your authenticator app shows, or one of your recovery codes.
      </p>
      <Field id={`${id}-code`} label="Authentication code" error={error}>
        {(control) => (
          <Input
            {...control}
            aria-describedby={[`${id}-note`, control['aria-describedby']].filter(Boolean).join(' ')}
            autoComplete="one-time-code"
            autoFocus
            spellCheck={false}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="sm" className="w-full" disabled={sending}>
        {sending ? 'Checking…' : 'Verify and log in'}
      </Button>
      <Button look="link" size="sm" className="w-full" onClick={() => dispatch(authErrorCleared())}>
        Back to email and password
      </Button>
    </form>
  );
}
