// Requests Node refuses before the app sees them, on a real server: 431 for an address over Node's
// header limit, 400 for a request line that cannot be read; each with a JSON message.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerClientErrors } from './clientErrors';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function start(): Promise<string> {
  server = http.createServer((_req, res) => res.end('{}'));
  answerClientErrors(server);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Sends `raw` as is and reads the whole answer. */
async function rawRequest(origin: string, raw: string): Promise<string> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(raw));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('requests Node refuses', () => {
  it('an address over the header limit: 431 with a JSON message', async () => {
    const origin = await start();
    const res = await fetch(`${origin}/api/products?q=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ message: 'The request’s address and headers are too large (16 KB at most)' });
  });

  it('a request line that is not HTTP: 400 with a JSON message; a normal request still answers', async () => {
    const origin = await start();
    const answer = await rawRequest(origin, 'NOT A REQUEST\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1])).toEqual({ message: 'The request could not be read' });
    expect((await fetch(`${origin}/api/products`)).status).toBe(200);
  });
});
