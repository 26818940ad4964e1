// The shop server for the benchmark: server/index.ts's app (createApp) on 127.0.0.1, serving the
// build in STATIC_DIR (the bench builds into a temp dir, so it never touches dist/).
// Environment: PORT, DATA_FILE, STATIC_DIR; request logging is off.
import http from 'node:http';
import { createApp } from '../../server/app';

const port = Number(process.env.PORT);
const dataFile = process.env.DATA_FILE;
if (!port || !dataFile) throw new Error('PORT and DATA_FILE are required');

// The bench writes DATA_FILE itself, so the seed is never copied.
const { app } = createApp({ dataFile, staticDir: process.env.STATIC_DIR, logger: false });
const server = http.createServer(app);
server.listen(port, '127.0.0.1', () => console.log(`bench server listening on ${port}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
