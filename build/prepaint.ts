// A build plugin that writes dist/.vite/prepaint.json (build/manifest.ts's PrepaintScreens): the
// first screen of /login (a visitor) and of / (a signed-in shopper) as static HTML, rendered from
// the app's own components by build/prepaintRender.tsx. The server puts it inside #root when it
// sends index.html (server/http/spa.ts), and only reads this file: it never imports the React
// app. Every `vite build` writes it (npm run build, test:budget, npm start, the bench's build into
// a temp dir), so no build step can be forgotten; a failed render fails the build.
//
// The components are loaded through Vite's SSR loader (a throw-away dev server in middleware mode,
// no watcher, no HMR), which compiles TSX, resolves the app's modules as Vite does and leaves the
// packages to Node; the config file is not loaded again (no plugin of the build runs twice).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type Plugin } from 'vite';
import { PREPAINT_FILE, PREPAINTS, type PrepaintScreens } from './manifest.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RENDER_MODULE = fileURLToPath(new URL('./prepaintRender.tsx', import.meta.url));

export interface PrepaintOptions {
  /** The project's root (where index.html and src/ are). */
  root?: string;
  /** The build's mode: which .env files apply (the app's code reads import.meta.env). */
  mode?: string;
}

/** Renders every pre-painted first screen (build/prepaintRender.tsx) through Vite's SSR loader. */
export async function renderPrepaints({ root = ROOT, mode = 'production' }: PrepaintOptions = {}): Promise<PrepaintScreens> {
  const server = await createServer({
    root,
    mode,
    configFile: false,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    // React's automatic runtime, in its production form (plugin-react would pick the development
    // one for a dev server, which a NODE_ENV=production process does not have).
    oxc: { jsx: { runtime: 'automatic', importSource: 'react', development: false } },
  });
  try {
    const render = (await server.ssrLoadModule(RENDER_MODULE)) as typeof import('./prepaintRender.tsx');
    const screens = render.renderPrepaints();
    for (const kind of PREPAINTS) {
      if (typeof screens[kind] !== 'string' || !screens[kind].startsWith('<div inert>')) {
        throw new Error(`the ${kind} screen is not an inert <div>`);
      }
    }
    return screens;
  } finally {
    await server.close();
  }
}

/** Renders the pre-painted first screens and writes them into the build in `dir` (PREPAINT_FILE). */
export async function writePrepaints(dir: string, options?: PrepaintOptions): Promise<PrepaintScreens> {
  const screens = await renderPrepaints(options);
  writeScreens(dir, screens);
  return screens;
}

function writeScreens(dir: string, screens: PrepaintScreens): void {
  const file = path.join(dir, PREPAINT_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(screens));
}

export function prepaint(): Plugin {
  let options: PrepaintOptions = {};
  let rendering: Promise<PrepaintScreens> | undefined;
  return {
    name: 'shop:prepaint',
    apply: 'build',
    configResolved(config) {
      options = { root: config.root, mode: config.mode };
    },
    // Rendered alongside the bundle (it does not depend on it), written with it.
    buildStart() {
      rendering = renderPrepaints(options);
      rendering.catch(() => {}); // reported in writeBundle; a build that fails earlier says why itself
    },
    async writeBundle(output) {
      const dir = output.dir ?? 'dist';
      try {
        writeScreens(dir, await (rendering ?? renderPrepaints(options)));
      } catch (err) {
        this.error(`Pre-painting the first screens (build/prepaintRender.tsx) failed: ${(err as Error)?.stack ?? err}`);
      }
    },
  };
}
