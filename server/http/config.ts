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

// --- Mail (server/mail/) ---------------------------------------------------------------------

export const SMTP_URL_ENV = 'SMTP_URL';
export const MAIL_FROM_ENV = 'MAIL_FROM';
export const DEFAULT_MAIL_FROM = 'Shop <no-reply@shop.test>';

export interface MailConfig {
  /** smtp://… or smtps://… (nodemailer's URL form, credentials allowed); undefined: mail stays in the outbox. */
  smtpUrl?: string;
  /** The From header of every message. */
  from: string;
}

/** SMTP_URL and MAIL_FROM; anything but an smtp(s) URL, or a From with a line break, is refused at start. */
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
  return { smtpUrl, from };
}
