// The shop server for the benchmark: server/index.ts's app (createApp) on 127.0.0.1, serving the
// build in STATIC_DIR (the bench builds into a temp dir, so it never touches dist/).
// Environment: PORT, DATA_DIR (the embedded database's folder, loaded from SEED_FILE when new),
// STATIC_DIR; request logging is off.
import http from 'node:http';
import { createApp } from '../../server/app';
import { openStore } from '../../server/db/open';

const port = Number(process.env.PORT);
const dataDir = process.env.DATA_DIR;
if (!port || !dataDir) throw new Error('PORT and DATA_DIR are required');

const store = await openStore({ dataDir, seedFile: process.env.SEED_FILE });
const { app } = createApp({ store, staticDir: process.env.STATIC_DIR, logger: false, secret: await store.sharedSecret() });
const server = http.createServer(app);
server.listen(port, '127.0.0.1', () => console.log(`bench server listening on ${port}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
