// The built app as data: Vite's manifest (every chunk, keyed by its source module, with what it
// imports), the route manifest the build writes beside it (build/routeManifest.ts) and the
// pre-painted first screens (build/prepaint.ts). Read by the server, for a page's preload hints
// and first screen, and by the JS budget check (scripts/checkBudget.ts).
import type { PageRoute } from '../src/app/routes';

/** The app itself, which the entry (src/boot.ts) imports once the first screen is painted. */
const APP_MODULE = 'src/main';

/** The shell's part every page shows a signed-in shopper, loaded lazily (src/app/layout/RootLayout.tsx). */
export const SIGNED_IN_SHELL = 'src/app/layout/Navbar';

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

/** Where the route manifest is written, in the build's directory (not served: a dot folder). */
export const ROUTE_MANIFEST_FILE = '.vite/routes.json';

/** What the server needs to hint a page's code (written by build/routeManifest.ts). */
export interface RouteManifest {
  /** JS files (URL paths) every page runs beyond what index.html already loads: the app module and its imports. */
  app: string[];
  /** The shopper's pages (never the back office): a route pattern and the JS files its page adds. */
  pages: { path: string; files: string[] }[];
  /** JS files every page adds for a signed-in shopper: the navbar and its imports. */
  signedIn: string[];
  /** GET URLs every page requests as it starts (the session check). */
  startRequests: string[];
}

/** The pages whose first screen the build pre-paints: /login for a visitor, / for a signed-in shopper. */
export const PREPAINTS = ['login', 'home'] as const;
export type Prepaint = (typeof PREPAINTS)[number];

/** Where the pre-painted first screens are written, in the build's directory (build/prepaint.ts). */
export const PREPAINT_FILE = '.vite/prepaint.json';

/** The pre-painted first screens (HTML for inside #root), by page: what the server reads. */
export type PrepaintScreens = Record<Prepaint, string>;

/** A route as the budget check and the route manifest see it. */
export interface RouteModule {
  /** '/login', '/products/:id', … */
  path: string;
  /** The page's source module, without extension: 'src/features/auth/pages/LoginPage'. */
  module: string;
  /** A back-office route (guard 'admin'). */
  admin: boolean;
}

export const routeModules = (routes: readonly PageRoute[]): RouteModule[] =>
  routes.map(({ path, page, guard }) => ({ path, module: `src/${page}`, admin: guard === 'admin' }));

/** Back-office code: the admin folders of the features (src/features/<feature>/admin/). */
export const isBackOffice = (module: string) => /^src\/features\/[^/]+\/admin\//.test(module);

/** The manifest key of a source module given without extension. */
export function manifestKey(manifest: Manifest, module: string): string {
  const key = Object.keys(manifest).find((k) => k.replace(/\.[jt]sx?$/, '') === module);
  if (!key) throw new Error(`${module} is not in the build manifest (is it still a page of src/app/routes.ts?)`);
  return key;
}

export function entryKey(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (entries.length !== 1) throw new Error(`Expected one entry chunk in the manifest, found ${entries.length}`);
  return entries[0];
}

/** What every page runs before its own code: the entry, the app module it loads, and their static imports. */
export function appClosure(manifest: Manifest): Set<string> {
  return staticClosure(manifest, [entryKey(manifest), manifestKey(manifest, APP_MODULE)]);
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
