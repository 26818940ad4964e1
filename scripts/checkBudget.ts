// The JS budget of a shopper's first load, checked over the Vite build (run after `npm run build`):
//   /login, first visit        ≤ 100 kB, gzip and brotli: the entry, the app it
//                                              loads (src/main), their static imports, the login
//                                              page chunk(s)
//   /, signed in (in total)    ≤ 125 kB, gzip and brotli: all of the above, the
//                                              home page chunk(s), and whatever the signed-in
//                                              shell loads lazily
// and no back-office module (src/features/*/admin/) in any chunk a shopper route loads.
//   npx tsx scripts/checkBudget.ts [--dist DIR] [--json]
// Routes come from the route table (src/app/routes.ts), chunks from dist/.vite/manifest.json
// (keyed by source path), chunk contents from chunk-modules.json (build/chunkModules.ts). Sizes
// are what the server sends: the build's brotli file (`.br`, quality 11) to a browser that accepts
// brotli (every browser the shop supports does) and gzip at zlib's default level to one that does
// not; both must be within the budget. tests/e2e/budget.spec.ts checks the brotli bytes in Chromium.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { CHUNK_MODULES_FILE, type ChunkModules } from '../build/chunkModules';
import {
  appClosure,
  isBackOffice,
  manifestKey,
  routeModules,
  staticClosure,
  type Manifest,
  type RouteModule as Route,
} from '../build/manifest';
import { ROUTES } from '../src/app/routes';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** kB as Vite prints them: 1000 bytes. With gzip, for a browser that does not accept brotli. */
export const BUDGETS = { login: 100_000, home: 125_000 } as const;
/** On the wire with brotli, as the shop sends its scripts to every browser that accepts it: the same figures. */
export const WIRE_BUDGETS = BUDGETS;

/**
 * Lazy modules fetched only on a user action or an event, never by loading a page: not counted
 * in a first load, but listed with their sizes. tests/e2e/budget.spec.ts checks in Chromium that
 * loading /login and then / fetches nothing outside the counted sets.
 */
export const ON_DEMAND: Record<string, string> = {
  'src/components/AlertHost': 'react-alert, fetched with the first alert',
  'src/features/products/components/MobileFilters': 'the Filters slide-over, fetched when first opened',
  'src/features/wishlist/wishlistWrite': 'the wishlist’s writes, fetched with the first heart pressed',
  'src/features/auth/components/CodeStep': 'the sign-in’s two-factor code step, fetched when the server asks for a code',
};

const isOnDemand = (manifest: Manifest, key: string) => (manifest[key].src ?? key).replace(/\.[jt]sx?$/, '') in ON_DEMAND;

/**
 * The back office's page index (src/app/router.tsx loads it for an admin route only, after the
 * guard): a lazy import of the shell that a shopper never fetches, counted like a route's page.
 */
export const BACK_OFFICE_INDEX = 'src/app/adminPages.ts';

/**
 * What a shopper's browser loads for `route`: the entry, the app module it loads, and the route
 * chunk with their static imports, plus — counted pessimistically — every lazy import the page's
 * chunks make that is not another route's page, and, once signed in, the lazy parts of the shell
 * (the app's lazy imports that are not pages, e.g. a navbar shown only to signed-in users).
 */
export function shopperSet(manifest: Manifest, routes: Route[], route: Route, signedIn: boolean): Set<string> {
  const routeKeys = new Set([...routes.map((r) => manifestKey(manifest, r.module)), BACK_OFFICE_INDEX]);
  const shell = appClosure(manifest);
  const set = staticClosure(manifest, [...shell, manifestKey(manifest, route.module)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const key of [...set]) {
      if (!signedIn && shell.has(key)) continue;
      for (const lazy of manifest[key].dynamicImports ?? []) {
        if (routeKeys.has(lazy) || set.has(lazy) || isOnDemand(manifest, lazy)) continue;
        staticClosure(manifest, [lazy], set);
        grew = true;
      }
    }
  }
  return set;
}

/** Back-office source modules in a set of chunks: by manifest src, and by chunk contents. */
export function adminModules(manifest: Manifest, keys: Iterable<string>, contents?: ChunkModules): string[] {
  const found = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk.src && isBackOffice(chunk.src)) found.add(chunk.src);
    for (const id of Object.keys(contents?.[chunk.file]?.modules ?? {})) if (isBackOffice(id)) found.add(id);
  }
  return [...found].sort();
}

export interface SetReport {
  name: string;
  /** The pages visited, e.g. '/login → /'. */
  route: string;
  budget: number;
  gzip: number;
  /** Brotli, as sent on the wire to a browser that accepts it, and its budget. */
  br: number;
  wireBudget: number;
  raw: number;
  chunks: { file: string; gzip: number; br: number; raw: number }[];
  /** On-demand chunks these pages can fetch later (not counted): what they add beyond the set. */
  onDemand: { module: string; why: string; gzip: number }[];
  admin: string[];
  ok: boolean;
}

export interface BudgetReport {
  sets: SetReport[];
  /** Shopper routes that pull back-office modules in, with the modules. */
  adminLeaks: { route: string; modules: string[] }[];
  ok: boolean;
}

export function checkBudget(distDir: string, routes: Route[] = routeModules(ROUTES)): BudgetReport {
  const viteDir = path.join(distDir, '.vite');
  const manifestFile = path.join(viteDir, 'manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} not found: run \`npm run build\` first (vite.config.ts sets build.manifest).`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const contentsFile = path.join(distDir, CHUNK_MODULES_FILE);
  const contents = existsSync(contentsFile) ? (JSON.parse(readFileSync(contentsFile, 'utf8')) as ChunkModules) : undefined;
  const sizes = new Map<string, { gzip: number; br: number; raw: number }>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const bytes = readFileSync(path.join(distDir, file));
      const brFile = path.join(distDir, `${file}.br`);
      const br = existsSync(brFile)
        ? readFileSync(brFile).length
        : brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
      size = { gzip: gzipSync(bytes).length, br, raw: bytes.length };
      sizes.set(file, size);
    }
    return size;
  };
  const routeAt = (p: string) => {
    const route = routes.find((r) => r.path === p && !r.admin);
    if (!route) throw new Error(`src/app/routes.ts has no shopper route for ${p}`);
    return route;
  };

  const measure = (name: string, visited: [Route, boolean][], budget: number, wireBudget: number): SetReport => {
    const keys = new Set(visited.flatMap(([route, signedIn]) => [...shopperSet(manifest, routes, route, signedIn)]));
    const chunks = [...keys]
      .map((k) => manifest[k].file)
      .filter((f) => f.endsWith('.js'))
      .map((file) => ({ file, ...sizeOf(file) }))
      .sort((a, b) => b.gzip - a.gzip);
    const gzip = chunks.reduce((n, c) => n + c.gzip, 0);
    const br = chunks.reduce((n, c) => n + c.br, 0);
    const raw = chunks.reduce((n, c) => n + c.raw, 0);
    const admin = adminModules(manifest, keys, contents);
    const route = visited.map(([r]) => r.path).join(' → ');
    const onDemand = [...keys]
      .flatMap((k) => manifest[k].dynamicImports ?? [])
      .filter((lazy, i, all) => isOnDemand(manifest, lazy) && all.indexOf(lazy) === i)
      .map((lazy) => {
        const module = (manifest[lazy].src ?? lazy).replace(/\.[jt]sx?$/, '');
        const extra = [...staticClosure(manifest, [lazy])].filter((k) => !keys.has(k)).map((k) => manifest[k].file);
        return { module, why: ON_DEMAND[module], gzip: extra.filter((f) => f.endsWith('.js')).reduce((n, f) => n + sizeOf(f).gzip, 0) };
      });
    const ok = gzip <= budget && br <= wireBudget && admin.length === 0;
    return { name, route, budget, gzip, br, wireBudget, raw, chunks, onDemand, admin, ok };
  };
  // "In total": the shopper arrives on /login, signs in and lands on /, so both pages count.
  const sets = [
    measure('/login, first load', [[routeAt('/login'), false]], BUDGETS.login, WIRE_BUDGETS.login),
    measure('/ signed in, total (/login → /)', [[routeAt('/login'), false], [routeAt('/'), true]], BUDGETS.home, WIRE_BUDGETS.home),
  ];
  const adminLeaks = routes
    .filter((r) => !r.admin)
    .map((r) => ({ route: r.path, modules: adminModules(manifest, shopperSet(manifest, routes, r, true), contents) }))
    .filter((leak) => leak.modules.length > 0);
  return { sets, adminLeaks, ok: sets.every((s) => s.ok) && adminLeaks.length === 0 };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function formatReport(report: BudgetReport): string {
  const lines: string[] = [];
  for (const set of report.sets) {
    const verdict = (size: number, budget: number) => (size <= budget ? 'ok' : `OVER by ${kB(size - budget)}`);
    lines.push(
      `${set.name}: ${kB(set.br)} brotli of ${kB(set.wireBudget)} — ${verdict(set.br, set.wireBudget)}; ` +
        `${kB(set.gzip)} gzip of ${kB(set.budget)} — ${verdict(set.gzip, set.budget)} (${kB(set.raw)} raw)`,
    );
    for (const c of set.chunks) lines.push(`  ${kB(c.br).padStart(9)} br ${kB(c.gzip).padStart(9)} gz  ${c.file}`);
    for (const d of set.onDemand) lines.push(`  (+${kB(d.gzip)} on demand, not counted: ${d.module} — ${d.why})`);
    if (set.admin.length > 0) lines.push(`  ADMIN CODE in this set: ${set.admin.join(', ')}`);
  }
  for (const leak of report.adminLeaks) {
    lines.push(`Shopper route ${leak.route} loads back-office modules: ${leak.modules.join(', ')}`);
  }
  lines.push(report.ok ? 'JS budget: ok' : 'JS budget: FAILED');
  return lines.join('\n');
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const distAt = args.indexOf('--dist');
  const distDir = path.resolve(ROOT, distAt >= 0 ? args[distAt + 1] : 'dist');
  try {
    const report = checkBudget(distDir);
    console.log(args.includes('--json') ? JSON.stringify(report, null, 2) : formatReport(report));
    process.exitCode = report.ok ? 0 : 1;
  } catch (err) {
    console.error(`check:budget: ${(err as Error).message}`);
    process.exitCode = 1;
  }
}
