// Request runs for the scale bench, on autocannon both one at a time (1 connection) and at 50
// connections, so both are timed by the same client. A scenario is one request, or a sequence a
// connection repeats (add to cart, then order) of which only some steps are timed; paths and
// bodies may change per request (a random product). Every answer's status is checked against the
// step's expected one; the server's CPU time is read before and after each run.
import autocannon from 'autocannon';
import { summarize, type Latency } from './api';

export interface Ctx {
  cookie?: string;
  product?: number;
  /** What a step kept from its answer for the next one (e.g. the cart line). */
  kept?: unknown;
}

export interface Step {
  method: 'GET' | 'POST' | 'DELETE';
  path: (ctx: Ctx) => string;
  body?: (ctx: Ctx) => unknown;
  headers?: (ctx: Ctx) => Record<string, string>;
  /** Called with the parsed answer when it has the expected status (keep what the next step needs in ctx.kept). */
  keep?: (ctx: Ctx, answer: unknown) => void;
  /** The status every answer must have. */
  status: number;
  /** Timed and counted (default true). */
  timed?: boolean;
}

export interface Scenario {
  name: string;
  steps: Step[];
  /** Session cookies, round-robin per run of the sequence (each connection is one shopper at a time with `exclusive`). */
  cookies?: string[];
  /** No two connections use one cookie at once (needs at least as many cookies as connections). */
  exclusive?: boolean;
  /** Called at the start of each run of the sequence (e.g. picks the product). */
  begin?: (ctx: Ctx) => void;
}

export interface CpuProbe {
  /** The server process's CPU ms so far. */
  node: () => number;
  /** The database's CPU ms so far (PostgreSQL cluster), if any. */
  db?: () => number;
}

export interface RunOptions {
  origin: string;
  connections: number;
  /** Stops after this long (seconds)… */
  durationS: number;
  /** …or after this many timed answers, whichever comes first. */
  maxTimed?: number;
  cpu?: CpuProbe;
  /** Per-request timeout (s); a request over it counts as failed. */
  timeoutS?: number;
}

export interface RunResult {
  connections: number;
  /** Timed answers with the expected status (the percentiles are theirs). */
  requests: number;
  /** Timed answers, any status. */
  answers?: number;
  seconds: number;
  /** Timed answers with the expected status per second. */
  rps: number;
  latencyMs: Latency;
  /** Answers (any step) with another status than expected, plus socket errors and timeouts. */
  failures: number;
  /** Count of each `METHOD status` seen. */
  statuses: Record<string, number>;
  /** Requests still without an answer when the run stopped (their latency is not in the percentiles). */
  unanswered: number;
  /** Server CPU per timed answer, in ms: the Node process, and the database's processes. */
  nodeCpuMs?: number;
  dbCpuMs?: number;
}

const HOST_ORIGIN = (origin: string) => origin.replace(/\/$/, '');

/** Runs `scenario` with autocannon; latencies are autocannon's per-response times of the timed steps. */
export async function runScenario(scenario: Scenario, o: RunOptions): Promise<RunResult> {
  const cookies = scenario.cookies ?? [];
  const free = [...cookies];
  if (scenario.exclusive && cookies.length < o.connections) throw new Error(`${scenario.name}: ${o.connections} connections need as many cookies`);
  let turn = 0;
  const samples: number[] = [];
  const statuses: Record<string, number> = {};
  let failures = 0;
  let sent = 0;
  let answered = 0;
  let timedAnswers = 0;
  // recordBody() calls a request's onResponse right before the client emits 'response' (same
  // tick), so this names the step the next 'response' event belongs to.
  let lastStep = -1;
  const last = scenario.steps.length - 1;
  const origin = HOST_ORIGIN(o.origin);
  const requests: autocannon.Request[] = scenario.steps.map((step, i) => ({
    method: step.method,
    path: '/',
    setupRequest: (req: autocannon.Request, context: Ctx) => {
      if (i === 0) {
        if (cookies.length > 0) {
          context.cookie = scenario.exclusive ? free.pop() : cookies[turn++ % cookies.length];
          if (!context.cookie) throw new Error(`${scenario.name}: more connections than exclusive cookies`);
        }
        scenario.begin?.(context);
      }
      sent++;
      const headers: Record<string, string> = { ...(context.cookie ? { cookie: context.cookie } : {}), ...step.headers?.(context) };
      const body = step.body ? JSON.stringify(step.body(context)) : undefined;
      // What a browser sends with the storefront's writes: JSON, and this site as the Origin.
      if (step.method !== 'GET') Object.assign(headers, { 'content-type': 'application/json', origin });
      return { ...req, method: step.method, path: step.path(context), headers, ...(body !== undefined ? { body } : {}) };
    },
    onResponse: (status: number, body: string, context: Ctx) => {
      lastStep = i;
      if (step.keep && status === step.status) {
        try {
          step.keep(context, JSON.parse(body));
        } catch {
          // not JSON: the next step fails visibly
        }
      }
      if (scenario.exclusive && i === last && context.cookie) free.push(context.cookie);
    },
  }));
  let done!: (r: autocannon.Result) => void;
  let failed!: (e: unknown) => void;
  const finished = new Promise<autocannon.Result>((resolve, reject) => ((done = resolve), (failed = reject)));
  const cpuBefore = { node: o.cpu?.node() ?? NaN, db: o.cpu?.db?.() ?? NaN };
  const started = performance.now();
  const instance = autocannon(
    {
      url: origin,
      connections: o.connections,
      pipelining: 1,
      duration: o.durationS,
      timeout: o.timeoutS ?? 60,
      requests,
      initialContext: {},
    },
    (err, result) => (err ? failed(err) : done(result)),
  );
  let stopped = false;
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    answered++;
    const step = scenario.steps[lastStep];
    if (!step) return;
    const key = `${step.method} ${statusCode}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
    if (statusCode !== step.status) failures++;
    if (step.timed ?? true) {
      timedAnswers++;
      // Percentiles are of the answers that did what was asked; failures are counted apart (a 503
      // after a 5 s wait for a pool connection is not a latency of the page).
      if (statusCode === step.status) samples.push(responseTime);
      if (!stopped && o.maxTimed && timedAnswers >= o.maxTimed) {
        stopped = true;
        instance.stop();
      }
    }
  });
  const result = await finished;
  const seconds = (performance.now() - started) / 1000;
  const cpu = { node: (o.cpu?.node() ?? NaN) - cpuBefore.node, db: (o.cpu?.db?.() ?? NaN) - cpuBefore.db };
  const errors = result.errors + result.timeouts;
  // CPU per timed answer, whatever its status (a failed answer cost CPU too).
  const perTimed = (ms: number) => (Number.isFinite(ms) ? Math.round((ms / Math.max(1, timedAnswers)) * 1000) / 1000 : undefined);
  return {
    connections: o.connections,
    requests: samples.length,
    answers: timedAnswers,
    seconds: Math.round(seconds * 10) / 10,
    rps: Math.round((samples.length / seconds) * 10) / 10,
    latencyMs: summarize(samples),
    failures: failures + errors,
    statuses,
    unanswered: Math.max(0, sent - answered - errors),
    ...(perTimed(cpu.node) !== undefined ? { nodeCpuMs: perTimed(cpu.node) } : {}),
    ...(perTimed(cpu.db) !== undefined ? { dbCpuMs: perTimed(cpu.db) } : {}),
  };
}

/**
 * Waits until the server and the database are idle (under 5 % of a core for a second), so a
 * backlog of queries left by a run does not land on the next one. Returns the seconds waited.
 */
export async function waitForQuiet(cpu: CpuProbe, maxS = 300): Promise<number> {
  const total = () => cpu.node() + (cpu.db?.() ?? 0);
  const started = performance.now();
  let before = total();
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = total();
    const busy = now - before;
    before = now;
    const waited = (performance.now() - started) / 1000;
    if (!(busy > 50) || waited >= maxS) return Math.round(waited);
  }
}
