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
