import { useEffect, useState } from 'react';
import { apiClient } from './apiClient';

// GET /mail-status: {held} — true while the shop has no mail server, so messages wait in its
// outbox unsent. Screens that would say "we sent you" say so instead.
const fetchMailStatus = () => apiClient.get<{ held: boolean }>('/mail-status');

/** Whether mail is held (no mail server); false until known, and when it cannot be asked. */
export function useMailHeld(): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    let current = true;
    fetchMailStatus().then(
      (status) => current && setHeld(status.held === true),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return held;
}
