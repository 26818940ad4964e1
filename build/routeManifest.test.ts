// The route manifest the build writes for the server: each shopper page's chunks beyond the app's,
// the app's beyond what index.html loads, never the back office; and the route table it reads.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../src/app/routes';
import { isBackOffice, routeModules, type Manifest } from './manifest';
import { routeManifestOf } from './routeManifest';

const manifest: Manifest = {
  'index.html': { file: 'assets/boot-b1.js', isEntry: true, imports: ['_tiny.js'], dynamicImports: ['src/main.tsx'] },
  '_tiny.js': { file: 'assets/tiny-t1.js' },
  'src/main.tsx': { file: 'assets/main-m1.js', isDynamicEntry: true, imports: ['_react.js', '_tiny.js'], css: ['assets/x.css'] },
  '_react.js': { file: 'assets/react-r1.js' },
  '_list.js': { file: 'assets/List-l1.js', imports: ['_react.js'] },
  'src/features/products/pages/HomePage.tsx': { file: 'assets/Home-h1.js', isDynamicEntry: true, imports: ['_list.js', 'src/main.tsx'] },
  'src/features/auth/pages/LoginPage.tsx': { file: 'assets/Login-g1.js', isDynamicEntry: true, imports: ['_react.js'] },
  'src/features/products/admin/AdminHomeScreen.tsx': { file: 'assets/Admin-a1.js', isDynamicEntry: true, imports: ['_list.js'] },
  'src/app/pages/NotFoundPage.tsx': { file: 'assets/NotFound-n1.js', isDynamicEntry: true },
  'src/app/layout/Navbar.tsx': { file: 'assets/Navbar-b1.js', isDynamicEntry: true, imports: ['_react.js', '_icons.js'] },
  '_icons.js': { file: 'assets/icons-i1.js' },
};

describe('routeManifestOf', () => {
  it("lists the app's chunks, and each shopper page's and the signed-in navbar's beyond them; never the back office or the catch-all", () => {
    const routes = routeManifestOf(
      manifest,
      [
        { path: '/', page: 'features/products/pages/HomePage', guard: 'user' },
        { path: '/login', page: 'features/auth/pages/LoginPage' },
        { path: '/admin', page: 'features/products/admin/AdminHomeScreen', guard: 'admin' },
        { path: '*', page: 'app/pages/NotFoundPage' },
      ],
      ['/api/auth/check'],
    );
    expect(routes).toEqual({
      app: expect.arrayContaining(['/assets/main-m1.js', '/assets/react-r1.js']),
      pages: [
        { path: '/', files: expect.arrayContaining(['/assets/Home-h1.js', '/assets/List-l1.js']) },
        { path: '/login', files: ['/assets/Login-g1.js'] },
      ],
      signedIn: ['/assets/Navbar-b1.js', '/assets/icons-i1.js'],
      startRequests: ['/api/auth/check'],
    });
    expect(routes.app).toHaveLength(2);
    expect(routes.pages[0].files).toHaveLength(2);
  });

  it('fails the build when a route names a page the build does not have', () => {
    expect(() => routeManifestOf(manifest, [{ path: '/x', page: 'features/x/pages/Missing' }], [])).toThrow(
      /src\/features\/x\/pages\/Missing is not in the build manifest/,
    );
  });
});

describe('the route table (src/app/routes.ts)', () => {
  it('names page modules that exist', () => {
    for (const { module } of routeModules(ROUTES)) expect(existsSync(`${module}.tsx`), module).toBe(true);
  });

  it('keeps the back office, and only it, behind the admin guard and in admin folders', () => {
    for (const route of routeModules(ROUTES)) expect(isBackOffice(route.module), route.path).toBe(route.admin);
  });
});
