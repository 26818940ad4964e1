// API measurements: autocannon at 50 connections against our server and plain json-server, and
// sequential single-write latency.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { Address } from '../../src/domain/types';

export const CONNECTIONS = 50;
export const SHOPPER_PASSWORD = 'Bench12345';
export const BENCH_ADDRESS: Address = {
  name: 'Bench Shopper',
  email: 'bench@shop.test',
  phoneNumber: '+1 415 555 0100',
  country: 'United States',
  street: '1 Benchmark Way',
  city: 'San Francisco',
  state: 'California',
  pincode: '94103',
};

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

export interface LoadResult {
  name: string;
  server: 'shop' | 'json-server';
  products: number;
  path: string;
  connections: number;
  durationS: number;
  requests: number;
  /** Responses per second (a POST + DELETE pair counts as two). */
  rps: number;
  latencyMs: Latency;
  /** Responses that were not 2xx, and socket errors/timeouts: both should be 0. */
  non2xx: number;
  errors: number;
  /** Count of each status code seen. */
  statuses: Record<string, number>;
  /** CPU time the server process spent per response (user + system), robust to a busy machine. */
  serverCpuMs?: number;
}

export interface WriteResult {
  name: string;
  server: 'shop' | 'json-server';
  products: number;
  writes: number;
  latencyMs: Latency;
}

export function summarize(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
  const round = (n: number) => Math.round(n * 100) / 100;
  const mean = sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length);
  return { p50: round(at(50)), p95: round(at(95)), p99: round(at(99)), mean: round(mean) };
}

type Request = autocannon.Request;

export interface LoadCase {
  name: string;
  server: 'shop' | 'json-server';
  products: number;
  origin: string;
  /** One request, or a sequence each connection repeats (e.g. POST then DELETE). */
  requests: Request[];
  /** Session cookies to send, taken round-robin for each run of the sequence. */
  cookies?: string[];
  /**
   * A run of the sequence checks a cookie out and returns it when done, so no two connections
   * act as the same shopper at once (a POST + DELETE pair on one cart would collide). Needs at
   * least as many cookies as connections.
   */
  exclusive?: boolean;
  durationS: number;
  /** The server's pid, to measure its CPU time. */
  pid?: number;
}

interface Context {
  cookie?: string;
}

/** Runs autocannon; latencies come from every response (autocannon's own summary has no p95). */
export async function load(c: LoadCase): Promise<LoadResult> {
  const samples: number[] = [];
  let non2xx = 0;
  const statuses: Record<string, number> = {};
  const cookies = c.cookies ?? [];
  const free = [...cookies];
  let turn = 0;
  const last = c.requests.length - 1;
  const requests: Request[] = c.requests.map((request, i) => ({
    ...request,
    setupRequest: (req: Request, context: Context) => {
      if (i === 0 && cookies.length > 0) {
        context.cookie = c.exclusive ? free.pop() : cookies[turn++ % cookies.length];
        if (!context.cookie) throw new Error('more connections than exclusive cookies');
      }
      const headers = { ...req.headers, 'content-type': 'application/json' };
      return { ...req, headers: context.cookie ? { ...headers, cookie: context.cookie } : headers };
    },
    ...(c.exclusive && i === last
      ? { onResponse: (_status: number, _body: string, context: Context) => void free.push(context.cookie!) }
      : {}),
  }));
  let done!: (r: autocannon.Result) => void;
  let failed!: (e: unknown) => void;
  const finished = new Promise<autocannon.Result>((resolve, reject) => ((done = resolve), (failed = reject)));
  const instance = autocannon(
    { url: c.origin, connections: CONNECTIONS, duration: c.durationS, requests, initialContext: {} },
    (err, result) => (err ? failed(err) : done(result)),
  );
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    samples.push(responseTime);
    if (statusCode < 200 || statusCode > 299) non2xx++;
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const cpuBefore = c.pid ? cpuMs(c.pid) : NaN;
  const result = await finished;
  const cpu = c.pid ? cpuMs(c.pid) - cpuBefore : NaN;
  const seconds = result.duration || c.durationS;
  return {
    name: c.name,
    server: c.server,
    products: c.products,
    path: c.requests.map((r) => `${r.method ?? 'GET'} ${r.path}`).join(' + '),
    connections: CONNECTIONS,
    durationS: c.durationS,
    requests: samples.length,
    rps: Math.round(samples.length / seconds),
    latencyMs: summarize(samples),
    non2xx,
    errors: result.errors + result.timeouts,
    statuses,
    ...(Number.isFinite(cpu) ? { serverCpuMs: Math.round((cpu / Math.max(1, samples.length)) * 1000) / 1000 } : {}),
  };
}

/** CPU milliseconds (user + system) a process has used so far (Linux /proc; NaN elsewhere). */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[11], fields[12]: utime, stime in clock ticks (field 14 and 15 of proc(5)).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
const CLOCK_TICKS = 100;

/** Sequential requests made by `send` (after a warm-up), one at a time. */
export async function sequential(
  meta: Omit<WriteResult, 'latencyMs' | 'writes'>,
  writes: number,
  send: (i: number) => Promise<Response>,
): Promise<WriteResult> {
  const samples: number[] = [];
  for (let i = -5; i < writes; i++) {
    const start = performance.now();
    const res = await send(i);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${meta.name}: ${res.status}`);
    if (i >= 0) samples.push(performance.now() - start);
  }
  return { ...meta, writes, latencyMs: summarize(samples) };
}

export function cookieOf(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!header) throw new Error(`no session cookie (status ${res.status})`);
  return header.split(';')[0];
}

export async function postJson(url: string, body: unknown, cookie?: string, method = 'POST'): Promise<Response> {
  return fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** Signs up `count` shoppers (a few at a time: scrypt is slow on purpose); their cookies. */
export async function signUpShoppers(origin: string, tag: string, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i += 8) {
    const batch = Array.from({ length: Math.min(8, count - i) }, async (_, j) => {
      const res = await postJson(`${origin}/api/auth/signup`, {
        email: `bench-${tag}-${i + j}@shop.test`,
        password: SHOPPER_PASSWORD,
        addresses: [BENCH_ADDRESS],
      });
      if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
      return cookieOf(res);
    });
    cookies.push(...(await Promise.all(batch)));
  }
  return cookies;
}

export async function login(origin: string, email: string, password: string): Promise<string> {
  const res = await postJson(`${origin}/api/auth/login`, { email, password });
  if (!res.ok) throw new Error(`login ${email} failed: ${res.status}`);
  return cookieOf(res);
}
