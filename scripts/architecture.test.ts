// docs/architecture.md names every module of the server: each folder under server/modules/ is
// mentioned there as `server/modules/<name>/`, so a module added or renamed without its line in
// the document fails here, naming it. Its "Known crossings" lists exactly the files whose imports
// are marked as crossing a module's SQL fence.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCUMENT = 'docs/architecture.md';

/** The folders under server/modules/ (directories only), sorted. */
function modules(): string[] {
  return fs
    .readdirSync(path.join(ROOT, 'server', 'modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The modules among `names` that `text` does not mention as `server/modules/<name>/`. */
export function unnamed(text: string, names: readonly string[]): string[] {
  return names.filter((name) => !text.includes(`server/modules/${name}/`));
}

describe('docs/architecture.md', () => {
  it('names every folder under server/modules/ as server/modules/<name>/', () => {
    const text = fs.readFileSync(path.join(ROOT, DOCUMENT), 'utf8');
    expect(unnamed(text, modules()), `modules that ${DOCUMENT} does not name`).toEqual([]);
  });

  it('checks a real list of modules (not an empty one)', () => {
    const names = modules();
    expect(names.length).toBeGreaterThan(0);
    expect(names).toContain('orders');
  });
});

/** The server files (repository paths) whose text holds `marker`, sorted. */
function filesMarked(marker: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith('.ts') && fs.readFileSync(path.join(ROOT, file), 'utf8').includes(marker)) found.push(file);
    }
  };
  walk('server');
  return found.sort();
}

describe('the known crossings', () => {
  it('are listed in docs/architecture.md, each marked file and no other', () => {
    const text = fs.readFileSync(path.join(ROOT, DOCUMENT), 'utf8');
    const section = text.slice(text.indexOf('## Known crossings'));
    const listed = [...new Set([...section.split('\n## ')[0].matchAll(/^\| `(server\/[^`]+\.ts)` \|/gm)].map((m) => m[1]))].sort();
    const marked = filesMarked('docs/architecture.md "Known crossings"');
    expect(marked.length).toBeGreaterThan(0);
    expect(listed).toEqual(marked);
  });
});

describe('the check itself', () => {
  it('finds a module named without its trailing slash, or not at all', () => {
    expect(unnamed('`server/modules/cart/` and server/modules/orders', ['cart', 'orders', 'returns'])).toEqual(['orders', 'returns']);
    expect(unnamed('server/modules/cartage/', ['cart'])).toEqual(['cart']);
  });
});
