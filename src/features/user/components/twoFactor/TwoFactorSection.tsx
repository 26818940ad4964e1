// The profile's "Two-factor sign-in": off, a button starts the setup (TwoFactorSetup: the QR code,
// the key to type, the first code, then the recovery codes); on, a form turns it off (TwoFactorOff).
import { useRef, useState } from 'react';
import { Button } from '../../../../components/controls';
import ErrorMessage from '../../../../components/ErrorMessage';
import type { TwoFactorSetup as Setup } from '../../../../domain/types';
import { focusSoon } from '../../../../lib/useFocusNeighbour';
import { startTwoFactor } from '../../twoFactorAPI';
import TwoFactorOff from './TwoFactorOff';
import TwoFactorSetup from './TwoFactorSetup';

export default function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const [setup, setSetup] = useState<Setup | null>(null);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The setup closed: the focus goes back to the button that opened it (cancelled), or to the
  // section's heading once two-factor is on (the button is gone).
  const turnOn = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  async function start() {
    setStarting(true);
    setFailure(null);
    try {
      setSetup(await startTwoFactor());
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setStarting(false);
    }
  }

  return (
    <section aria-labelledby="two-factor-heading" className="mt-8 rounded-lg border border-gray-200 bg-white px-4 py-6 sm:px-6">
      <h2 ref={heading} id="two-factor-heading" tabIndex={-1} className="text-xl font-semibold text-gray-900 focus:outline-none">
        Two-factor sign-in
      </h2>
      {setup ? (
        <TwoFactorSetup
          setup={setup}
          onClose={() => {
            setSetup(null);
            focusSoon(() => turnOn.current ?? heading.current);
          }}
        />
      ) : enabled ? (
        <TwoFactorOff />
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-700">
            Off. Turn it on and signing in asks for a code from an authenticator app on your phone as well as your password.
          </p>
          {failure && <ErrorMessage className="mt-4" title="Two-factor sign-in could not be started" message={failure} />}
          <Button ref={turnOn} size="sm" className="mt-4" busy={starting} onClick={() => void start()}>
            {starting ? 'Starting…' : 'Turn on two-factor sign-in'}
          </Button>
        </>
      )}
    </section>
  );
}
