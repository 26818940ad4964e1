// A webhook receiver for the tests: a node:http server on 127.0.0.1 (port 0) that records every
// request and answers what the test queued (200 "ok" when nothing is queued). One per test file.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  /** http://127.0.0.1:<port>/hooks (a path per test keeps tests apart: `url('name')`). */
  url(path?: string): string;
  /** What was received since the test began, in order. */
  readonly requests: Received[];
  /** The next answers, in order: a status and a body. */
  answer(...answers: { status: number; body?: string }[]): void;
}

export function receiveInThisFile(): Receiver {
  const requests: Received[] = [];
  const queued: { status: number; body?: string }[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    const { status, body = 'ok' } = queued.shift() ?? { status: 200 };
    res.writeHead(status, { 'Content-Type': 'text/plain' }).end(body);
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  beforeEach(() => {
    requests.length = 0;
    queued.length = 0;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: (path = 'hooks') => `http://127.0.0.1:${port}/${path}`,
    requests,
    answer: (...answers) => queued.push(...answers),
  };
}
