// One send while the worker's lease on the message holds (worker.ts): the lease is checked and
// renewed, and the attempt counted, just before the message is handed to SMTP (a lease that ran
// out, the message perhaps claimed by another worker, sends nothing); a timer renews it every
// `renewEveryMs` while the send lasts, so a slow SMTP server does not let another worker claim a
// message in flight. A renewal that finds the lease gone cannot stop the send: it is logged, and
// the outcome is then not marked (markMailSent / markMailFailed check the claim). A send that
// lasts past `deadlineMs` (a server trickling its answers, each resetting the inactivity
// timeouts) is given up: a failed attempt, retried later, its lease no longer renewed.
import type { OutboxMessage, Store } from '../../db/port';

export type LeaseStore = Pick<Store, 'claimMail' | 'beginMailAttempt' | 'renewMailLease' | 'markMailSent' | 'markMailFailed'>;

export interface Lease {
  store: LeaseStore;
  /** The claim's token. */
  owner: string;
  now: () => number;
  leaseMs: number;
  renewEveryMs: number;
  /** The longest a send may last: then it is given up (a failed attempt, retried) and the lease let go. */
  deadlineMs: number;
  log: (line: string) => void;
}

export type SendOutcome = { kind: 'lost' } | { kind: 'sent'; attempts: number } | { kind: 'failed'; attempts: number; error: unknown };

export async function sendHoldingLease(lease: Lease, message: OutboxMessage, send: () => Promise<unknown>): Promise<SendOutcome> {
  const { store, owner, now, leaseMs, log } = lease;
  const attempts = await store.beginMailAttempt(message.id, owner, now(), leaseMs);
  if (attempts === undefined) {
    log(`mail #${message.id} to ${message.to}: not sent, its lease ran out before its turn (left to the worker that claims it)`);
    return { kind: 'lost' };
  }
  const renewal = keepLease(lease, message);
  let timer: NodeJS.Timeout | undefined;
  const givenUp = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No end to the SMTP exchange within ${Math.round(lease.deadlineMs / 1000)} s: given up`)), lease.deadlineMs);
  });
  try {
    // A send given up may still end later (the server had it): at least once, the same Message-ID.
    await Promise.race([send(), givenUp]);
    return { kind: 'sent', attempts };
  } catch (error) {
    return { kind: 'failed', attempts, error };
  } finally {
    clearTimeout(timer);
    await renewal.stop();
  }
}

/** Renews the lease on `message` every `renewEveryMs` until stopped (one renewal at a time). */
function keepLease({ store, owner, now, leaseMs, renewEveryMs, log }: Lease, message: OutboxMessage): { stop: () => Promise<void> } {
  let inFlight: Promise<void> | undefined;
  const renew = async () => {
    try {
      if (await store.renewMailLease(message.id, owner, now(), leaseMs)) return;
      clearInterval(timer);
      log(`mail #${message.id} to ${message.to}: its lease ran out during the send; another worker may send it too (same Message-ID)`);
    } catch (error) {
      log(`mail #${message.id}: renewing its lease failed (${describe(error)}); trying again`);
    }
  };
  const timer = setInterval(() => {
    if (!inFlight) inFlight = renew().finally(() => (inFlight = undefined));
  }, Math.max(1, renewEveryMs));
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}

/** An error as one line for the log and the outbox (the SMTP answer when there is one). */
export function describe(error: unknown): string {
  const e = error as { message?: unknown; response?: unknown };
  const text = typeof e?.response === 'string' ? e.response : typeof e?.message === 'string' ? e.message : String(error);
  return text.slice(0, 1000);
}
