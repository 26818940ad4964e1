// Durable file writes: a file is replaced atomically (temp file, fsync, rename, fsync of the
// directory), so a crash leaves the old content or the new, never a torn file. Used by the json
// store (server/store/json/dataFile.ts) and for the cookie secret (server/secret.ts).
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

export function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some platforms cannot open or fsync a directory; the rename is still atomic there.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

export async function fsyncDirAsync(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // As above.
  } finally {
    await handle?.close();
  }
}

const tempName = (file: string) =>
  path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);

/** Temp files a crashed write left beside `file` (the file itself is intact). */
export function removeStaleTempFiles(file: string): void {
  const dir = path.dirname(file);
  if (!existsSync(dir)) return;
  const prefix = `.${path.basename(file)}.`;
  for (const name of readdirSync(dir)) {
    if (name.startsWith(prefix) && name.endsWith('.tmp')) rmSync(path.join(dir, name), { force: true });
  }
}

/** Replace `file` with `content` atomically and durably. */
export function atomicWriteFile(file: string, content: string | Buffer): void {
  const dir = path.dirname(file);
  const tmp = tempName(file);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'w', 0o600);
    const buffer = typeof content === 'string' ? Buffer.from(content) : content;
    let offset = 0;
    while (offset < buffer.length) offset += writeSync(fd, buffer, offset, buffer.length - offset);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, file);
  } catch (err) {
    if (fd !== undefined) closeSync(fd);
    rmSync(tmp, { force: true });
    throw err;
  }
  fsyncDir(dir);
}

/** atomicWriteFile without blocking the event loop while the bytes go to disk. */
export async function atomicWriteFileAsync(file: string, content: Buffer): Promise<void> {
  const tmp = tempName(file);
  let handle: FileHandle | undefined;
  try {
    handle = await open(tmp, 'w', 0o600);
    await handle.writeFile(content);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(tmp, file);
  } catch (err) {
    await handle?.close().catch(() => {});
    await rm(tmp, { force: true });
    throw err;
  }
  await fsyncDirAsync(path.dirname(file));
}
