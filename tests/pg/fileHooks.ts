// Run before every server test file (vite.config.ts setupFiles). The files of a worker share their
// modules (isolate: false: importing the server and the database drivers once per worker instead
// of once per file), so what a file opened is closed here, when that file is done, and not by a
// hook of a shared module (which would be registered in the worker's first file only).
import { afterAll } from 'vitest';
import { closeFileShops } from './embeddedShop';
import { dropFileDatabases } from './shopDatabase';

afterAll(async () => {
  await closeFileShops();
  await dropFileDatabases();
});
