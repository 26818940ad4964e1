// The budget check over a small fake build: route → chunk mapping from the route table and the
// manifest, what counts toward each set, the admin-code check, the verdict.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeModules, type Manifest } from '../build/manifest';
import { checkBudget } from './checkBudget';

const ROUTES = routeModules([
  { path: '/', page: 'features/products/pages/HomePage', guard: 'user' },
  { path: '/admin', page: 'features/products/admin/AdminHomeScreen', guard: 'admin' },
  { path: '/login', page: 'features/auth/pages/LoginPage' },
]);

let dist: string;
beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'shop-budget-'));
  mkdirSync(path.join(dist, '.vite'));
  mkdirSync(path.join(dist, 'assets'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

/** Random bytes barely compress, so gzip size ≈ `kB` × 1000. */
function file(name: string, kB: number): string {
  writeFileSync(path.join(dist, 'assets', name), randomBytes(kB * 1000));
  return `assets/${name}`;
}

function build(sizes: { entry: number; login: number; home: number; shared?: string[] }) {
  // src/boot.ts is the entry: it imports nothing statically and the app (src/main) lazily.
  const manifest: Manifest = {
    'index.html': { file: file('boot.js', 1), isEntry: true, dynamicImports: ['src/main.tsx'] },
    'src/main.tsx': {
      file: file('index.js', sizes.entry),
      isDynamicEntry: true,
      imports: ['_vendor.js'],
      dynamicImports: [
        'src/features/products/pages/HomePage.tsx',
        'src/features/products/admin/AdminHomeScreen.tsx',
        'src/features/auth/pages/LoginPage.tsx',
        'src/app/lazyShell.tsx',
        'src/components/AlertHost.tsx',
      ],
    },
    'src/components/AlertHost.tsx': { file: file('AlertHost.js', 6), isDynamicEntry: true, imports: ['_alertLib.js'] },
    '_alertLib.js': { file: file('alertLib.js', 4) },
    '_vendor.js': { file: file('vendor.js', 10) },
    '_shared.js': { file: file('shared.js', 1) },
    'src/app/lazyShell.tsx': { file: file('lazyShell.js', 2), isDynamicEntry: true },
    'src/features/products/pages/HomePage.tsx': {
      file: file('HomePage.js', sizes.home),
      isDynamicEntry: true,
      imports: ['_shared.js'],
    },
    'src/features/auth/pages/LoginPage.tsx': { file: file('LoginPage.js', sizes.login), isDynamicEntry: true },
    'src/features/products/admin/AdminHomeScreen.tsx': {
      file: file('AdminHomeScreen.js', 30),
      isDynamicEntry: true,
      imports: ['_shared.js'],
    },
  };
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  const modules = { 'assets/shared.js': { modules: Object.fromEntries((sizes.shared ?? []).map((m) => [m, 100])) } };
  writeFileSync(path.join(dist, '.vite', 'chunk-modules.json'), JSON.stringify(modules));
}

describe('checkBudget', () => {
  it('knows the back office by its guard', () => {
    expect(ROUTES.map((r) => [r.path, r.module, r.admin])).toEqual([
      ['/', 'src/features/products/pages/HomePage', false],
      ['/admin', 'src/features/products/admin/AdminHomeScreen', true],
      ['/login', 'src/features/auth/pages/LoginPage', false],
    ]);
  });

  it('counts the entry, its imports and the page; the lazy shell once signed in; never other pages', () => {
    build({ entry: 60, login: 5, home: 20 });
    const report = checkBudget(dist, ROUTES);
    const [login, home] = report.sets;
    expect(login.chunks.map((c) => c.file).sort()).toEqual(['assets/LoginPage.js', 'assets/boot.js', 'assets/index.js', 'assets/vendor.js'].sort());
    expect(login.gzip).toBeGreaterThan(75_000);
    expect(login.gzip).toBeLessThan(78_000);
    // Signed in on / after signing in on /login: both pages, the shared chunk and the lazy shell
    // part, counted once each.
    expect(home.chunks.map((c) => c.file).sort()).toEqual(
      ['assets/HomePage.js', 'assets/LoginPage.js', 'assets/boot.js', 'assets/index.js', 'assets/lazyShell.js', 'assets/shared.js', 'assets/vendor.js'].sort(),
    );
    expect(home.gzip).toBeGreaterThan(97_000);
    expect(report.ok).toBe(true);
  });

  it('lists an on-demand chunk (fetched on a user action) with what it adds, without counting it', () => {
    build({ entry: 60, login: 5, home: 20 });
    const [login, home] = checkBudget(dist, ROUTES).sets;
    for (const set of [login, home]) {
      expect(set.chunks.map((c) => c.file)).not.toContain('assets/AlertHost.js');
      expect(set.chunks.map((c) => c.file)).not.toContain('assets/alertLib.js');
      expect(set.onDemand).toHaveLength(1);
      expect(set.onDemand[0].module).toBe('src/components/AlertHost');
      expect(set.onDemand[0].gzip).toBeGreaterThan(9_900);
      expect(set.onDemand[0].gzip).toBeLessThan(10_200);
    }
  });

  it('fails when a set is over budget', () => {
    build({ entry: 100, login: 15, home: 5 });
    const report = checkBudget(dist, ROUTES);
    expect(report.sets[0].ok).toBe(false);
    expect(report.ok).toBe(false);
  });

  it('counts the build\'s own brotli file, what the wire carries: over its budget fails though gzip is within', () => {
    // Random bytes: ≈ 96 kB of gzip for /login, within its 100 kB.
    build({ entry: 80, login: 5, home: 1 });
    const [login] = checkBudget(dist, ROUTES).sets;
    expect(login.gzip).toBeLessThan(login.budget);
    expect(login.ok).toBe(true);
    writeFileSync(path.join(dist, 'assets', 'index.js.br'), randomBytes(110_000));
    const [over] = checkBudget(dist, ROUTES).sets;
    expect(over.gzip).toBe(login.gzip);
    expect(over.br).toBeGreaterThan(over.wireBudget);
    expect(over.ok).toBe(false);
    writeFileSync(path.join(dist, 'assets', 'index.js.br'), randomBytes(20_000));
    const [again] = checkBudget(dist, ROUTES).sets;
    expect(again.br).toBeLessThan(again.wireBudget);
    expect(again.ok).toBe(true);
  });

  it('fails when a shared chunk a shopper loads holds a back-office module', () => {
    build({ entry: 50, login: 5, home: 5, shared: ['src/components/Price.tsx', 'src/features/orders/admin/AdminOnly.tsx'] });
    const report = checkBudget(dist, ROUTES);
    expect(report.sets[1].admin).toEqual(['src/features/orders/admin/AdminOnly.tsx']);
    expect(report.adminLeaks).toEqual([{ route: '/', modules: ['src/features/orders/admin/AdminOnly.tsx'] }]);
    expect(report.ok).toBe(false);
  });

  it('says to build first when there is no manifest', () => {
    expect(() => checkBudget(path.join(dist, 'nothing'), ROUTES)).toThrow(/npm run build/);
  });
});
