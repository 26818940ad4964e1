// Turning two-factor sign-in on: scan the QR code (or type the key) into an authenticator app,
// enter its first code; then the ten recovery codes, shown this once, to keep somewhere safe.
// Other devices are signed out when it turns on; this one stays.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Field, Input } from '../../../../components/controls';
import type { TwoFactorSetup as Setup } from '../../../../domain/types';
import { useAppDispatch } from '../../../../lib/hooks';
import { userUpdated } from '../../../../lib/session';
import { refusalOf } from '../../../../lib/serverErrors';
import { confirmTwoFactor, ownUser } from '../../twoFactorAPI';

const CODE_HINT = 'Enter the 6-digit code your app shows';

export default function TwoFactorSetup({ setup, onClose }: { setup: Setup; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // Opened by a button that is gone now: the focus starts at the first step.
  const firstStep = useRef<HTMLParagraphElement>(null);
  useEffect(() => firstStep.current?.focus(), []);
  // Confirmed, the form gives way to the recovery codes: the focus goes to their heading.
  const codesHeading = useRef<HTMLHeadingElement>(null);
  const shown = recoveryCodes !== null;
  useEffect(() => {
    if (shown) codesHeading.current?.focus();
  }, [shown]);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) return setError(CODE_HINT);
    setError(undefined);
    setChecking(true);
    try {
      setRecoveryCodes((await confirmTwoFactor(code)).recoveryCodes);
      // The session's copy of the account learns that 2FA is on (shown once the codes are put away).
      ownUser().then((user) => dispatch(userUpdated(user)), () => undefined);
    } catch (failure) {
      const refusal = refusalOf(failure);
      setError(refusal.errors.code ?? refusal.message);
    } finally {
      setChecking(false);
    }
  }

  if (recoveryCodes) {
    return (
      <div className="mt-3">
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
          Two-factor sign-in is on. Your other devices have been signed out.
        </p>
        <h3 ref={codesHeading} tabIndex={-1} className="mt-4 text-base font-semibold text-gray-900 focus:outline-none">
          Your recovery codes
        </h3>
        <p id="recovery-note" className="mt-1 text-sm text-gray-700">
          Keep these somewhere safe (a password manager, or printed). Each one signs you in once instead of a code from your phone, if you lose
          it. They are shown only now.
        </p>
        <ul aria-describedby="recovery-note" className="mt-3 grid max-w-md grid-cols-2 gap-2 font-mono text-sm text-gray-900">
          {recoveryCodes.map((c) => (
            <li key={c} className="rounded bg-gray-100 px-2 py-1">
              {c}
            </li>
          ))}
        </ul>
        <Button size="sm" className="mt-4" onClick={onClose}>
          I have saved my recovery codes
        </Button>
      </div>
    );
  }

  return (
    <form noValidate className="mt-3 max-w-md space-y-4" onSubmit={(event) => void confirm(event)}>
      <p ref={firstStep} tabIndex={-1} className="text-sm text-gray-700 focus:outline-none">
        1. Scan this QR code with an authenticator app (Google Authenticator, Authy, 1Password, …).
      </p>
      <img src={setup.qrCode} alt="QR code to add this account to an authenticator app" width={192} height={192} className="rounded border border-gray-200" />
      <p className="text-sm text-gray-700">
        Or type this key into the app: <code className="rounded bg-gray-100 px-1 font-mono break-all text-gray-900">{setup.secret}</code>
      </p>
      <p className="text-sm text-gray-700">2. Enter the code the app shows.</p>
      <Field id="two-factor-first-code" label="Authentication code" error={error}>
        {(control) => (
          <Input {...control} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />
        )}
      </Field>
      <div className="flex gap-3">
        {/* Busy, not disabled, while it checks: a wrong code leaves the focus on it. */}
        <Button type="submit" size="sm" busy={checking}>
          {checking ? 'Checking…' : 'Confirm and turn on'}
        </Button>
        <Button look="secondary" size="sm" disabled={checking} onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
