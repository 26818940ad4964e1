// npm run pg:local: a server of one's own that keeps its data between starts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './bench/processes';
import { startLocal, stopLocal } from './pgLocal';
import { queryOnce as query } from '../tests/pg/cluster';

const dir = mkdtempSync(path.join(tmpdir(), 'shop-pg-local-'));
afterAll(async () => {
  await stopLocal({ dir });
  rmSync(dir, { recursive: true, force: true });
});

describe('pg:local', () => {
  it('starts a server with a shop database, is idempotent, and keeps the data across a stop', async () => {
    const port = await freePort();
    const url = await startLocal({ dir, port });
    expect(url).toBe(`postgres://shop@127.0.0.1:${port}/shop`);
    await query(url, 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)');
    expect(await startLocal({ dir, port })).toBe(url); // already running: nothing to do
    expect(await stopLocal({ dir, port })).toBe(true);
    await expect(query(url, 'SELECT 1')).rejects.toThrow();
    expect(await stopLocal({ dir, port })).toBe(false);
    await startLocal({ dir, port });
    expect(await query(url, 'SELECT n FROM kept')).toEqual([{ n: 42 }]);
  }, 60_000);
});
