// A minimal HTTP client with one cookie jar per shopper, over real sockets (fetch), for the
// tests that need true concurrency or talk to a child server process. Every answer is scanned for
// secrets like the supertest agents' (call expectNoLeaks in afterEach).
import { scanAnswer } from '../api/fixtures';
import type { Figures } from './summary';

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
}

export class Client {
  cookie = '';
  /** Passwords this client has sent, which no answer may contain. */
  private readonly passwords = new Set<string>();

  constructor(
    public origin: string,
    private readonly figures?: Figures,
  ) {}

  /** Sends one request; rejects on a network error (refused, reset) or a body cut short. */
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    if (this.figures) this.figures.requests += 1;
    const password = (body as { password?: unknown } | undefined)?.password;
    if (typeof password === 'string') this.passwords.add(password);
    const res = await fetch(this.origin + path, {
      method,
      headers: {
        // Every write is JSON, body or not, as the app's client sends it.
        ...(method === 'GET' && body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const answer = { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
    scanAnswer(`${method} ${path}`, text, answer.body, this.passwords);
    return answer;
  }
}
