// The harness itself: each freshDatabase() is its own database, and drop() removes it.
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
