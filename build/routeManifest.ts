// A build plugin that writes dist/.vite/routes.json (build/manifest.ts's RouteManifest): for each
// shopper page of the route table (src/app/routes.ts), the JS files it needs, those a signed-in
// shopper's shell adds, and the requests every page starts with. The server reads it to hint a
// page's code in index.html (server/http/staticAssets.ts), so nothing reads source code or built
// JS to find them out.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { ROUTES, START_REQUESTS, type PageRoute } from '../src/app/routes.ts';
import { API_URL } from '../src/lib/apiClient.ts';
import {
  appClosure,
  entryKey,
  manifestKey,
  routeModules,
  ROUTE_MANIFEST_FILE,
  SIGNED_IN_SHELL,
  staticClosure,
  type Manifest,
  type RouteManifest,
} from './manifest.ts';

/** The route manifest of a build, from Vite's manifest and the route table. */
export function routeManifestOf(
  manifest: Manifest,
  routes: readonly PageRoute[],
  startRequests: string[],
): RouteManifest {
  // What index.html already asks for: the entry and its static imports.
  const requested = staticClosure(manifest, [entryKey(manifest)]);
  const app = appClosure(manifest);
  const jsFiles = (keys: Iterable<string>, skip: Set<string>) =>
    [...keys].filter((k) => !skip.has(k)).map((k) => `/${manifest[k].file}`).filter((file) => file.endsWith('.js'));
  const beyondApp = new Set([...requested, ...app]);
  const pages = routeModules(routes)
    .filter((route) => !route.admin && route.path.startsWith('/'))
    .map(({ path: routePath, module }) => ({
      path: routePath,
      files: jsFiles(staticClosure(manifest, [manifestKey(manifest, module)]), beyondApp),
    }));
  const signedIn = jsFiles(staticClosure(manifest, [manifestKey(manifest, SIGNED_IN_SHELL)]), beyondApp);
  return { app: jsFiles(app, requested), pages, signedIn, startRequests };
}

export function routeManifest(): Plugin {
  let apiBase = API_URL;
  return {
    name: 'shop:route-manifest',
    apply: 'build',
    configResolved(config) {
      apiBase = config.env.VITE_API_URL ?? API_URL;
    },
    writeBundle(options) {
      const dir = options.dir ?? 'dist';
      const manifest = JSON.parse(readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      const routes = routeManifestOf(manifest, ROUTES, START_REQUESTS.map((request) => `${apiBase}${request}`));
      writeFileSync(path.join(dir, ROUTE_MANIFEST_FILE), JSON.stringify(routes, null, 1));
    },
  };
}
