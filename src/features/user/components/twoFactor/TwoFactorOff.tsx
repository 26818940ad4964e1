// Turning two-factor sign-in off: the password and a current code (or a recovery code).
import { useState, type FormEvent } from 'react';
import { useAppAlert } from '../../../../components/Alerts';
import { Button, Field, Input } from '../../../../components/controls';
import ErrorMessage from '../../../../components/ErrorMessage';
import { CODE_FORMAT_MESSAGE, readTwoFactorCode } from '../../../../domain/twoFactor';
import { useAppDispatch } from '../../../../lib/hooks';
import { refusalOf } from '../../../../lib/serverErrors';
import { userUpdated } from '../../../../lib/session';
import { disableTwoFactor } from '../../twoFactorAPI';

type Errors = { password?: string; code?: string };

export default function TwoFactorOff() {
  const dispatch = useAppDispatch();
  const alert = useAppAlert();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (!password) found.password = 'Password required';
    if (!readTwoFactorCode(code)) found.code = CODE_FORMAT_MESSAGE;
    setErrors(found);
    setFailure(null);
    if (found.password || found.code) return;
    setSending(true);
    try {
      dispatch(userUpdated(await disableTwoFactor(password, code)));
      alert.success('Two-factor sign-in turned off');
    } catch (error) {
      const refusal = refusalOf(error);
      const { password: p, code: c } = refusal.errors;
      setErrors({ password: p, code: c });
      if (!p && !c) setFailure(refusal.message);
      setSending(false);
    }
  }

  return (
    <>
      <p className="mt-1 text-sm text-gray-700">On: signing in asks for a code from your authenticator app as well as your password.</p>
      <form noValidate aria-label="Turn off two-factor sign-in" className="mt-4 max-w-md space-y-4" onSubmit={(event) => void submit(event)}>
        <Field id="two-factor-off-password" label="Password" error={errors.password}>
          {(control) => <Input {...control} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
        </Field>
        <Field id="two-factor-off-code" label="Authentication code" error={errors.code}>
          {(control) => <Input {...control} autoComplete="one-time-code" spellCheck={false} value={code} onChange={(e) => setCode(e.target.value)} />}
        </Field>
        {failure && <ErrorMessage title="Two-factor sign-in is still on" message={failure} />}
        <Button type="submit" look="danger" size="sm" disabled={sending}>
          {sending ? 'Turning off…' : 'Turn off two-factor sign-in'}
        </Button>
      </form>
    </>
  );
}
