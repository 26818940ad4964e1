// The harness itself: each freshDatabase() is its own database, and drop() removes it; a cluster
// goes away with the process that started it, even one killed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { databaseUrl, queryOnce as query } from './cluster';
import { testDatabase } from './database';

describe('test databases', () => {
  it('are isolated from each other and dropped by drop()', async () => {
    const a = await testDatabase();
    const b = await testDatabase();
    try {
      expect(a.url).not.toBe(b.url);
      expect(a.url).toBe(databaseUrl(a.url, a.name));
      await query(a.url, 'CREATE TABLE only_in_a (x int)');
      expect(await query(b.url, "SELECT to_regclass('only_in_a') AS t")).toEqual([{ t: null }]);
      expect(await query(a.url, 'SELECT current_user AS u, current_setting($$server_encoding$$) AS e')).toEqual([{ u: 'shop', e: 'UTF8' }]);
    } finally {
      await a.drop();
      await b.drop();
    }
    await expect(query(a.url, 'SELECT 1')).rejects.toMatchObject({ code: '3D000' });
  });
});

describe('a cluster', () => {
  it('is shut down and its folder removed when the process that started it is killed', async () => {
    const owner = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./clusterOwner.ts', import.meta.url))], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        owner.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('\n')) resolve(out.trim());
        });
        owner.once('exit', (code) => reject(new Error(`the owner exited (${code}) before starting its cluster`)));
      });
      const [{ data_directory: data }] = await query<{ data_directory: string }>(url, 'SHOW data_directory');
      const folder = path.dirname(data);
      expect(existsSync(folder)).toBe(true);
      owner.kill('SIGKILL');
      // No exit hook runs: the watcher notices within a second and shuts the server down.
      await expect.poll(() => query(url, 'SELECT 1').then(() => 'answering', () => 'gone'), { timeout: 15_000, interval: 250 }).toBe('gone');
      await expect.poll(() => existsSync(folder), { timeout: 15_000, interval: 250 }).toBe(false);
    } finally {
      owner.kill('SIGKILL');
    }
  }, 30_000);
});
