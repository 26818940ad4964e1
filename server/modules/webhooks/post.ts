// One POST of a delivery to its endpoint: the host checked (a name resolved: never a private
// address unless allowed, addresses.ts), signed, within a time limit, redirects not followed (a
// 3xx is an answer like any other: not delivered), and the start of the answer kept for the log.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isPrivateAddress, refusedHost } from './addresses';

/** The log keeps this much of an answer or an error. */
export const RESPONSE_CHARS = 500;

export type Lookup = (hostname: string) => Promise<string[]>;
export const systemLookup: Lookup = async (hostname) => (await dnsLookup(hostname, { all: true })).map((a) => a.address);

export interface PostOptions {
  fetch: typeof fetch;
  timeoutMs: number;
  allowPrivate: boolean;
  lookup: Lookup;
}

export interface PostResult {
  /** The HTTP status; null when there was no answer. */
  status: number | null;
  /** The start of the answer's body, or what went wrong. */
  response: string;
}

/** Within `ms`, or a TimeoutError. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('timed out'), { name: 'TimeoutError' })), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Why the host may not be posted to now (its name resolved), or undefined. */
async function refused(url: URL, options: PostOptions): Promise<string | undefined> {
  if (options.allowPrivate) return undefined;
  const literal = refusedHost(url.hostname);
  if (literal || isIP(url.hostname.replace(/^\[|\]$/g, ''))) return literal;
  const addresses = await within(options.timeoutMs, options.lookup(url.hostname));
  const bad = addresses.find(isPrivateAddress);
  return bad && `${url.hostname} resolves to ${bad}, a private, loopback or reserved address`;
}

/** The first `max` characters of the body (what is read of it: a large answer is not read to its end). */
async function readStart(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < max) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    text += decoder.decode();
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text.slice(0, max);
}

/** An error as one line of the log. */
export function describeError(error: unknown, timeoutMs: number): string {
  const e = error as { name?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `No answer within ${timeoutMs / 1000} s`;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  const cause = e?.cause && (typeof e.cause.code === 'string' ? e.cause.code : typeof e.cause.message === 'string' ? e.cause.message : undefined);
  return (cause ? `${message}: ${cause}` : message).slice(0, RESPONSE_CHARS);
}

export async function postDelivery(target: string, headers: Record<string, string>, body: string, options: PostOptions): Promise<PostResult> {
  let status: number | null = null;
  try {
    const url = new URL(target);
    const why = await refused(url, options);
    if (why) return { status: null, response: `Not sent: ${why}`.slice(0, RESPONSE_CHARS) };
    const signal = AbortSignal.timeout(options.timeoutMs);
    const res = await options.fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal });
    status = res.status;
    return { status, response: await readStart(res, RESPONSE_CHARS) };
  } catch (error) {
    const what = describeError(error, options.timeoutMs);
    return { status, response: (status === null ? what : `Answer cut short: ${what}`).slice(0, RESPONSE_CHARS) };
  }
}
