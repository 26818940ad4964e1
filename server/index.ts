// Starts the server: the API under /api and the built app (dist/) at /, on localhost only.
// Environment: PORT (8080), DATA_FILE (.data/db.json), SESSION_SECRET (else kept in the data dir).
import http from 'node:http';
import path from 'node:path';
import { createApp, DEFAULT_DATA_FILE, ROOT } from './app';

const port = Number(process.env.PORT ?? 8080);
const dataFile = process.env.DATA_FILE ? path.resolve(ROOT, process.env.DATA_FILE) : DEFAULT_DATA_FILE;

const { app } = createApp({
  dataFile,
  staticDir: path.join(ROOT, 'dist'),
  secret: process.env.SESSION_SECRET || undefined,
  logger: process.env.LOG !== '0',
});

// Both loopback addresses, so http://localhost works whichever one the client resolves first.
const servers: http.Server[] = [];
function listen(host: string, required: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(app);
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (!required && ['EADDRNOTAVAIL', 'EAFNOSUPPORT', 'EINVAL'].includes(err.code ?? '')) resolve();
      else reject(err);
    });
    server.listen(port, host, () => {
      servers.push(server);
      resolve();
    });
  });
}

try {
  await listen('127.0.0.1', true);
  await listen('::1', false);
} catch (err) {
  const e = err as NodeJS.ErrnoException;
  console.error(e.code === 'EADDRINUSE' ? `Port ${port} is already in use; set PORT to another one.` : e);
  process.exit(1);
}

console.log(`Shop running at http://localhost:${port}  (API at http://localhost:${port}/api)`);
const shown = path.relative(ROOT, dataFile);
console.log(`Data file: ${shown.startsWith('..') ? dataFile : shown}`);
console.log('Demo accounts:');
console.log('  admin  admin@shop.test / Admin1234');
console.log('  user   user@shop.test  / User12345');

function stop() {
  for (const server of servers) server.close();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
