// The cookie-signing secret.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { atomicWriteFile } from './atomicFile';

/**
 * The cookie-signing secret: the given one (SESSION_SECRET), else one generated once and kept
 * in `<data dir>/.secret` so cookies stay valid across restarts, else (in memory) a random one.
 */
export function resolveSecret(secret: string | undefined, dataFile: string | undefined): string {
  if (secret) return secret;
  if (!dataFile) return randomBytes(32).toString('hex');
  const file = path.join(path.dirname(dataFile), '.secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  const fresh = randomBytes(32).toString('hex');
  mkdirSync(path.dirname(file), { recursive: true });
  atomicWriteFile(file, fresh + '\n');
  return fresh;
}
