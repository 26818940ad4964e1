// Which built chunks a page of the app needs: the routes come from the router source (each page
// is a lazy `import()` next to its `path:`), the chunks from the Vite manifest (keyed by source
// path). Used by the server to hint a page's chunks in index.html, and by scripts/checkBudget.ts.
import path from 'node:path';

export const ROUTER_FILE = 'src/app/router.tsx';
export const ADMIN_DIR = 'src/features/admin/';
/** The app itself, which the entry (src/boot.ts) imports once the first screen is painted. */
export const APP_MODULE = 'src/main';

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface Route {
  /** '/login', '/products/:id', … ; an index route gets its parent's path; '(template)' when computed. */
  path: string;
  /** Source module the route lazy-loads, without extension: 'src/features/auth/pages/LoginPage'. */
  module: string;
  admin: boolean;
}

/**
 * The lazy routes of the router source: every `import('…')` with the `path:` written on the same
 * line (index routes take the path of the `path:` that opens their block, e.g. '/admin').
 */
export function parseRoutes(source: string, routerFile = ROUTER_FILE): Route[] {
  const routes: Route[] = [];
  const dir = path.posix.dirname(routerFile);
  let parent = '/';
  for (const line of source.split('\n')) {
    const open = /path:\s*'([^']*)'/.exec(line);
    const lazy = /import\(\s*['"]([^'"]+)['"]\s*\)/.exec(line);
    if (open && !lazy) parent = open[1];
    if (!lazy) continue;
    const module = path.posix.normalize(path.posix.join(dir, lazy[1])).replace(/\.[jt]sx?$/, '');
    const routePath = open ? open[1] : /index:\s*true/.test(line) ? parent : '(template)';
    routes.push({ path: routePath, module, admin: module.startsWith(ADMIN_DIR) });
  }
  return routes;
}

/** The manifest key of a source module given without extension. */
export function manifestKey(manifest: Manifest, module: string): string {
  const key = Object.keys(manifest).find((k) => k.replace(/\.[jt]sx?$/, '') === module);
  if (!key) throw new Error(`${module} is not in the build manifest (is it still lazy-loaded by the router?)`);
  return key;
}

export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry chunk in the manifest, found ${entries.length}`);
  return entries[0];
}

/**
 * What every page runs before its own code: the entry, the app module it loads (when the build
 * has one: an older build's entry was the app), and everything they import statically.
 */
export function appClosure(manifest: Manifest): Set<string> {
  const app = Object.keys(manifest).find((k) => k.replace(/\.[jt]sx?$/, '') === APP_MODULE);
  return staticClosure(manifest, app ? [entryKey(manifest), app] : [entryKey(manifest)]);
}

/** `keys` and everything they import statically (what the browser fetches with them). */
export function staticClosure(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (into.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Manifest has no chunk ${key}`);
    into.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return into;
}

/** Does the URL path `urlPath` open the route path `pattern` ('/products/:id')? */
export function matchesRoute(pattern: string, urlPath: string): boolean {
  if (!pattern.startsWith('/')) return false;
  const want = pattern.split('/').filter(Boolean);
  const have = urlPath.split('/').filter(Boolean);
  return want.length === have.length && want.every((seg, i) => seg.startsWith(':') || seg === have[i]);
}
