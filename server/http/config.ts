// Settings read from the environment in one place, for the server's parts that need them.

export const PUBLIC_URL_ENV = 'PUBLIC_URL';

/**
 * The shop's public address (PUBLIC_URL, e.g. `https://shop.example` or `https://example.com/shop`):
 * where clients reach it, for the absolute addresses the server writes (the list's Link header;
 * links in mail). Without a trailing slash; undefined when not set (then such addresses are
 * relative to the site: never built from the request's Host header, which the client chooses).
 * Anything but an http(s) address with no query or fragment is refused at start.
 */
export function publicUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[PUBLIC_URL_ENV]?.trim();
  if (!value) return undefined;
  return checkPublicUrl(value);
}

/** `value` as a public address (see publicUrlFromEnv), or an Error naming what is wrong. */
export function checkPublicUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${PUBLIC_URL_ENV} must be an address like https://shop.example, not "${value}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    throw new Error(`${PUBLIC_URL_ENV} must be an http(s) address with no query, fragment or credentials, not "${value}"`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

// --- Mail (server/modules/mail/) --------------------------------------------------------------

export const SMTP_URL_ENV = 'SMTP_URL';
export const MAIL_FROM_ENV = 'MAIL_FROM';
export const DEFAULT_MAIL_FROM = 'Shop <no-reply@shop.test>';
export const STAFF_EMAIL_ENV = 'STAFF_EMAIL';
export const DEFAULT_STAFF_EMAIL = 'admin@shop.test';

/**
 * Where the staff's mail about products goes (a new review, low stock, sold out: each product's
 * `notify`): STAFF_EMAIL, one address; anything without an @ or with a space or line break is
 * refused at start.
 */
export function staffEmailFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const value = env[STAFF_EMAIL_ENV]?.trim() || DEFAULT_STAFF_EMAIL;
  if (!/^[^\s@]+@[^\s@]+$/.test(value)) throw new Error(`${STAFF_EMAIL_ENV} must be one email address, not "${value}"`);
  return value;
}

/**
 * How long the worker's claim on a message lasts (MAIL_LEASE_SECONDS), and how long nodemailer
 * waits for SMTP (SMTP_*_TIMEOUT_SECONDS): to connect, for the server's greeting, and for any
 * answer once connected (a socket silent that long is closed and the attempt fails). The lease is
 * renewed every third of it while a send lasts; the timeouts, well under it, end a stalled send.
 */
export const MAIL_TIMING_ENV = {
  leaseMs: 'MAIL_LEASE_SECONDS',
  connectionTimeoutMs: 'SMTP_CONNECTION_TIMEOUT_SECONDS',
  greetingTimeoutMs: 'SMTP_GREETING_TIMEOUT_SECONDS',
  socketTimeoutMs: 'SMTP_SOCKET_TIMEOUT_SECONDS',
} as const;
export type MailTiming = Record<keyof typeof MAIL_TIMING_ENV, number>;
export const DEFAULT_MAIL_TIMING: MailTiming = { leaseMs: 120_000, connectionTimeoutMs: 30_000, greetingTimeoutMs: 30_000, socketTimeoutMs: 60_000 };

export interface MailConfig {
  /** smtp://… or smtps://… (nodemailer's URL form, credentials allowed); undefined: mail stays in the outbox. */
  smtpUrl?: string;
  /** The From header of every message. */
  from: string;
  /** The right-hand side of each message's Message-ID: PUBLIC_URL's host, else the From address's domain. */
  messageIdDomain: string;
  timing: MailTiming;
}

/** The domain of the From's address (`Shop <no-reply@shop.test>`: shop.test), or localhost. */
function fromDomain(from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1];
  return domain || 'localhost';
}

function timingFromEnv(env: NodeJS.ProcessEnv): MailTiming {
  const timing = { ...DEFAULT_MAIL_TIMING };
  for (const key of Object.keys(MAIL_TIMING_ENV) as (keyof MailTiming)[]) {
    const value = env[MAIL_TIMING_ENV[key]]?.trim();
    if (!value) continue;
    if (!/^[1-9]\d{0,4}$/.test(value)) throw new Error(`${MAIL_TIMING_ENV[key]} must be a whole number of seconds from 1 to 99999, not "${value}"`);
    timing[key] = Number(value) * 1000;
  }
  return timing;
}

/**
 * SMTP_URL, MAIL_FROM, PUBLIC_URL (for the Message-ID) and the timing; anything but an smtp(s)
 * URL, a From with a line break, or a timing that is not a whole number of seconds is refused at start.
 */
export function mailConfigFromEnv(env: NodeJS.ProcessEnv = process.env): MailConfig {
  const smtpUrl = env[SMTP_URL_ENV]?.trim() || undefined;
  if (smtpUrl !== undefined) {
    let protocol = '';
    try {
      protocol = new URL(smtpUrl).protocol;
    } catch {
      // reported below
    }
    if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new Error(`${SMTP_URL_ENV} must be an smtp:// or smtps:// address`);
  }
  const from = env[MAIL_FROM_ENV]?.trim() || DEFAULT_MAIL_FROM;
  if (/[\r\n]/.test(from)) throw new Error(`${MAIL_FROM_ENV} must be one line`);
  const publicUrl = publicUrlFromEnv(env);
  const messageIdDomain = publicUrl ? new URL(publicUrl).hostname : fromDomain(from);
  return { smtpUrl, from, messageIdDomain, timing: timingFromEnv(env) };
}
