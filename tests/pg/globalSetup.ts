// Vitest globalSetup (server project): one throw-away PostgreSQL cluster per `vitest run`,
// shared by every test file through inject('postgres'); each file makes its own database on it
// (tests/pg/database.ts). Starting costs under a second. When it cannot start (no PostgreSQL
// installed), nothing fails here, so test files that do not use PostgreSQL still run; the ones
// that do fail with the reason (`apt-get install postgresql`).
import type { TestProject } from 'vitest/node';
import { startCluster } from './cluster';

export interface ProvidedPostgres {
  /** Admin URL of the shared cluster (database `postgres`), or undefined when it did not start. */
  url?: string;
  /** Why it did not start. */
  error?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: ProvidedPostgres;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  try {
    const cluster = await startCluster({ durable: false });
    project.provide('postgres', { url: cluster.url });
    return () => cluster.stop();
  } catch (error) {
    project.provide('postgres', { error: (error as Error).message });
    return undefined;
  }
}
