// What a request Node refuses before the app sees it gets: its status with a JSON `message`, as
// every refusal of the API has (Node's own answer has an empty body). An address and headers over
// Node's limit (16 KiB): 431; a request that was too slow to arrive: 408; one that cannot be read: 400.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

const ANSWERS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request’s address and headers are too large (16 KB at most)'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive'],
};
const UNREADABLE: [number, string, string] = [400, 'Bad Request', 'The request could not be read'];

export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A connection the client has already closed gets nothing.
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const [status, reason, message] = ANSWERS[err.code ?? ''] ?? UNREADABLE;
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
