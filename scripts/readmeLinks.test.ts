// The README and docs/ name only what is in the repository: every relative link (and its #anchor)
// leads somewhere, every repository path they quote in backticks exists, and they hold no issue
// numbers and no paths outside the repository.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Folders of the repository a quoted path may start with (build output and data are not named here). */
const SOURCE_FOLDERS = ['.ci', 'build', 'docs', 'public', 'scripts', 'server', 'src', 'tests'];
/** What the tree walk skips: installed, built or run-time files. */
const SKIPPED = new Set(['node_modules', 'dist', '.data', '.git', 'test-results', 'playwright-report']);

/** The documents checked: the README and every Markdown file of docs/. */
function documents(): string[] {
  const docs = fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md'));
  return ['README.md', ...docs.map((f) => `docs/${f}`)];
}

/** The names of every file in the repository (for a bare file name such as `schema.ts`). */
function fileNames(dir = ROOT, names = new Set<string>()): Set<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    if (entry.isDirectory()) fileNames(path.join(dir, entry.name), names);
    else names.add(entry.name);
  }
  return names;
}

/** GitHub's anchor for a heading. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

function anchors(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '');
  return new Set([...withoutCode.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1])));
}

export interface Repo {
  /** Whether the path (relative to the repository's root, '/' separated) exists. */
  exists(relative: string): boolean;
  /** The text of a Markdown file (relative to the root). */
  read(relative: string): string;
  /** Whether a file of that name exists anywhere in the repository. */
  hasFileNamed(name: string): boolean;
}

const ISSUE = /\b(issues?|PR)\s+#?\d+|\bitem \d+ of\b/i;
const OUTSIDE_PATH = /(^|[\s`('"])\/work\/|\.\.\/shared\//;

/** What is wrong in the document `file` (relative to the root), with its text. */
export function problems(file: string, text: string, repo: Repo): string[] {
  const found: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const at = `${file}:${i + 1}`;
    const issue = ISSUE.exec(line);
    if (issue) found.push(`${at}: an issue number ("${issue[0]}")`);
    if (OUTSIDE_PATH.test(line)) found.push(`${at}: a path outside the repository`);
  });

  // Links: [text](target) and ![alt](target), outside code blocks and code spans.
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  for (const [, target] of prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:
    const [pathPart, anchor] = target.split('#', 2);
    const resolved = pathPart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), pathPart));
    if (resolved.startsWith('..')) {
      found.push(`${file}: the link ${target} leads outside the repository`);
      continue;
    }
    if (!repo.exists(resolved)) {
      found.push(`${file}: the link ${target} leads to nothing (${resolved})`);
      continue;
    }
    if (anchor !== undefined && resolved.endsWith('.md') && !anchors(repo.read(resolved)).has(anchor)) {
      found.push(`${file}: the link ${target} names no heading of ${resolved}`);
    }
  }

  // Repository paths quoted in code spans: `server/db/port.ts`, `src/app/`, `db.json`.
  const withoutBlocks = text.replace(/```[\s\S]*?```/g, '');
  for (const [, quoted] of withoutBlocks.matchAll(/`([^`\n]+)`/g)) {
    if (!/^[\w.@/-]+$/.test(quoted) || /NNNN|\.\.\./.test(quoted)) continue;
    const first = quoted.split('/')[0];
    if (quoted.includes('/') && SOURCE_FOLDERS.includes(first)) {
      if (!repo.exists(quoted.replace(/\/$/, ''))) found.push(`${file}: names ${quoted}, which does not exist`);
    } else if (!quoted.includes('/') && /^[\w.-]+\.(ts|tsx|js|mjs|md|css|html)$/.test(quoted) && !repo.hasFileNamed(quoted)) {
      found.push(`${file}: names ${quoted}, which is no file of the repository`);
    }
  }
  return found;
}

const names = fileNames();
const repo: Repo = {
  exists: (relative) => fs.existsSync(path.join(ROOT, relative)),
  read: (relative) => fs.readFileSync(path.join(ROOT, relative), 'utf8'),
  hasFileNamed: (name) => names.has(name),
};

describe('the README and docs/', () => {
  it.each(documents())('%s links and names only what exists, with no issue numbers', (file) => {
    expect(problems(file, repo.read(file), repo)).toEqual([]);
  });

  it('links the README to every document of docs/', () => {
    const readme = repo.read('README.md');
    const missing = documents()
      .filter((f) => f !== 'README.md')
      .filter((f) => !readme.includes(`](${f})`));
    expect(missing).toEqual([]);
  });
});

describe('the check itself', () => {
  const check = (text: string, file = 'docs/x.md') => problems(file, text, repo);

  it('finds a broken relative link, a missing anchor and a link out of the repository', () => {
    expect(check('See [the API](api.md) and [gone](nothing.md).')).toEqual(['docs/x.md: the link nothing.md leads to nothing (docs/nothing.md)']);
    expect(check('[x](../README.md#no-such-heading)')).toEqual(['docs/x.md: the link ../README.md#no-such-heading names no heading of README.md']);
    expect(check('[x](../README.md#configuration) [y](architecture.md#the-request-path)')).toEqual([]);
    expect(check('[spec](../../shared/SPEC.md)')).toHaveLength(2);
  });

  it('finds a quoted repository path or file name that does not exist', () => {
    expect(check('`server/db/port.ts` and `src/app/` exist; `server/store/nothing.ts` does not.')).toEqual([
      'docs/x.md: names server/store/nothing.ts, which does not exist',
    ]);
    expect(check('`schema.ts` is one; `nowhere.tsx` is none; `/api/products` is a URL.')).toEqual([
      'docs/x.md: names nowhere.tsx, which is no file of the repository',
    ]);
  });

  it('finds issue numbers and paths outside the repository', () => {
    // The citations are put together here, so this file does not cite anything itself.
    const issue = (word: string, number: string) => `${word} ${number}`;
    expect(check(`${issue('Issue', '14')} adds a field.`)).toHaveLength(1);
    expect(check(`as in ${issue('issue', '#21')}`)).toHaveLength(1);
    expect(check('see /work/shared/SPEC.md')).toHaveLength(1);
    expect(check("order #18 was placed; '#12 \"Galaxy S24\" is out of stock'")).toEqual([]);
  });
});
