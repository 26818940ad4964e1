// "Send again" for the confirmation mail: one request at a time, and what the server said, for
// the reminder banner and the /verify-email page.
import { useState } from 'react';
import { resendVerification } from './verifyEmailAPI';

export type ResendState = { phase: 'idle' | 'sending' } | { phase: 'sent' | 'failed'; message: string };

export function useResendVerification(): [ResendState, () => void] {
  const [state, setState] = useState<ResendState>({ phase: 'idle' });
  const send = () => {
    if (state.phase === 'sending') return;
    setState({ phase: 'sending' });
    resendVerification().then(
      ({ message }) => setState({ phase: 'sent', message }),
      (error: unknown) => setState({ phase: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  };
  return [state, send];
}
