// A process that starts a cluster of its own, prints its URL and waits to be killed: how
// cluster.test.ts checks that a cluster does not outlive a process that dies without stopping it.
import { startCluster } from './cluster';

const cluster = await startCluster({ own: true, durable: false });
process.stdout.write(`${cluster.url}\n`);
setInterval(() => {}, 60_000);
