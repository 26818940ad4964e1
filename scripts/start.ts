// npm start: build the app when dist/ is missing or older than its sources, then serve it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const built = path.join(ROOT, 'dist', 'index.html');
// build/: the build's plugins, among them the first screens it pre-paints (build/prepaint.ts).
const SOURCES = ['src', 'build', 'public', 'index.html', 'vite.config.ts', 'tailwind.config.ts', 'package.json'];

/** Newest modification time under `target` (0 when it does not exist). */
function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(target)) max = Math.max(max, newest(path.join(target, entry)));
  return max;
}

function needsBuild(): string | undefined {
  if (!existsSync(built)) return 'dist/ is missing';
  const builtAt = statSync(built).mtimeMs;
  const changed = SOURCES.find((s) => newest(path.join(ROOT, s)) > builtAt);
  return changed ? `${changed} changed since the last build` : undefined;
}

const reason = needsBuild();
if (reason) {
  console.log(`Building the app (${reason})…`);
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

await import('../server/index.ts');
