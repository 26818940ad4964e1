// docs/architecture.md names every module of the server: each folder under server/modules/ is
// mentioned there as `server/modules/<name>/`, so a module added or renamed without its line in
// the document fails here, naming it. Its "Known crossings" lists exactly the files whose imports
// are marked as crossing a module's SQL fence (none today: the list is empty, and a file marked
// without its row fails here).
import fs from 'node:fs';
import os from 'node:os';
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

/** What marks a crossing in the code, in the comment of its eslint-disable line. */
const MARKER = 'docs/architecture.md "Known crossings"';

/** The files under `dir` of `root` (repository paths) whose text holds `marker`, sorted. */
export function filesMarked(marker: string, root = ROOT, dir = 'server'): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(path.join(root, at), { withFileTypes: true })) {
      const file = `${at}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith('.ts') && fs.readFileSync(path.join(root, file), 'utf8').includes(marker)) found.push(file);
    }
  };
  walk(dir);
  return found.sort();
}

/** The files the document's "Known crossings" section lists (`| \`server/….ts\` |` rows), sorted; throws when it has no such section. */
export function listedCrossings(document: string): string[] {
  const start = document.indexOf('\n## Known crossings\n');
  if (start < 0) throw new Error('no "## Known crossings" section');
  const section = document.slice(start + 1).split('\n## ')[0];
  return [...new Set([...section.matchAll(/^\| `(server\/[^`]+\.ts)` \|/gm)].map((m) => m[1]))].sort();
}

describe('the known crossings', () => {
  it('are listed in docs/architecture.md, each marked file and no other', () => {
    const text = fs.readFileSync(path.join(ROOT, DOCUMENT), 'utf8');
    expect(listedCrossings(text), `the files marked ${MARKER} and those ${DOCUMENT} lists`).toEqual(filesMarked(MARKER));
  });
});

describe('the check itself', () => {
  const section = (rows: string[]) => ['# Doc', '', '## Known crossings', '', '| file | imports | why |', '|---|---|---|', ...rows, '', '## Next', '| `server/elsewhere.ts` | x | y |'].join('\n');

  it('reads the files a section lists, and only that section', () => {
    expect(listedCrossings(section(['| `server/modules/cart/pg.ts` | `withVariants` | a read |', '| `server/modules/a/pg/b.ts` | `x` | y |']))).toEqual([
      'server/modules/a/pg/b.ts',
      'server/modules/cart/pg.ts',
    ]);
    expect(listedCrossings(section([]))).toEqual([]);
    expect(() => listedCrossings('# Doc\n\n## Other\n')).toThrow();
  });

  it('finds a marked file, so a crossing left out of the list fails the comparison', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crossings-'));
    try {
      fs.mkdirSync(path.join(root, 'server/modules/cart'), { recursive: true });
      fs.writeFileSync(path.join(root, 'server/modules/cart/pg.ts'), `// eslint-disable-next-line no-restricted-imports -- a read; ${MARKER}\n`);
      fs.writeFileSync(path.join(root, 'server/modules/cart/service.ts'), '// nothing marked\n');
      const marked = filesMarked(MARKER, root);
      expect(marked).toEqual(['server/modules/cart/pg.ts']);
      expect(listedCrossings(section([]))).not.toEqual(marked);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('finds a module named without its trailing slash, or not at all', () => {
    expect(unnamed('`server/modules/cart/` and server/modules/orders', ['cart', 'orders', 'returns'])).toEqual(['orders', 'returns']);
    expect(unnamed('server/modules/cartage/', ['cart'])).toEqual(['cart']);
  });
});
