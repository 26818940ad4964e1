// The app's routes, built from the route table (routes.ts). Every page is its own lazy chunk,
// fetched when the page first renders: after its guard has decided, so a shopper never downloads
// the back office. Declarative routing (useRoutes under BrowserRouter) rather than
// createBrowserRouter: the data router's loaders, actions and fetchers are unused here and would
// add to every first load (docs/performance.md).
import { type ComponentType, type ReactElement } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import type { FirstScreen, FirstScreenContext } from '../lib/firstScreen';
import { preloadable } from '../lib/preloadable';
import Protected from './guards/Protected';
import RootLayout from './layout/RootLayout';
import { ROUTES, type PageRoute } from './routes';

/** A page module: its component and, for a page that loads data, what its first screen asks for. */
type PageModule = { default: ComponentType; firstScreen?: FirstScreen };

// Every shopper's or visitor's page, each as its own chunk, keyed './app/pages/HomePage.tsx'.
// The back office's pages are listed in adminPages.ts, loaded with the first of them, with each
// page's permission.
const PAGE_MODULES = import.meta.glob<PageModule>(['./app/pages/*.tsx', './features/*/pages/*.tsx', '!**/*.test.tsx'], {
  base: '/src/',
});

/** The loader of a page module: a shopper's at once, a back-office one through the admin pages' index. */
function loaderOf(module: string, guard: PageRoute['guard']): () => Promise<PageModule> {
  const key = `./${module}.tsx`;
  const load = PAGE_MODULES[key];
  if (load) return load;
  if (guard !== 'admin') throw new Error(`routes.ts names ${module}, which is not a page module`);
  return () =>
    import('./adminPages').then(({ adminPage }) => {
      const admin = adminPage(key);
      if (!admin) throw new Error(`routes.ts names ${module}, which is not a page module`);
      return admin;
    });
}

/** Each page that may be preloaded (its code, then its first screen), by the component its route renders. */
const preloads = new Map<unknown, { code: () => Promise<void>; module: () => Promise<PageModule> }>();
/** A lazily loaded page; once its code is there it renders at once, without suspending. */
function page({ page: module, guard }: PageRoute): ReactElement {
  const load = loaderOf(module, guard);
  const { Component: Page, preload } = preloadable(load);
  // Never the back office: its guard decides first.
  if (guard !== 'admin') preloads.set(Page, { code: preload, module: load });
  return <Page />;
}

const guarded = (guard: PageRoute['guard']): RouteObject[] =>
  ROUTES.filter((route) => route.guard === guard).map((route) => ({ path: route.path, element: page(route) }));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { element: <Protected />, children: guarded('user') },
      { element: <Protected admin />, children: guarded('admin') },
      ...guarded(undefined),
    ],
  },
];

/**
 * Loads the code of the page at `pathname`, so that the app's first render shows the page itself
 * rather than a spinner in its place. Never rejects (a failed load is retried, and reported,
 * when the page renders).
 */
export function preloadPage(pathname: string): Promise<unknown> {
  return Promise.all(pagesAt(pathname).map(({ page }) => page.code()));
}

/**
 * Starts the requests of the first screen of the page at `pathname` (its module's `firstScreen`,
 * src/lib/firstScreen.ts); resolves when they have answered, either way. Never rejects.
 */
export function startFirstScreen(pathname: string, context: FirstScreenContext): Promise<unknown> {
  return Promise.all(
    pagesAt(pathname).map(({ page, params }) =>
      page.module().then((module) => module.firstScreen?.({ ...context, params }), () => undefined),
    ),
  );
}

/** The preloadable pages the route table shows at `pathname`, with the params each was matched with. */
const pagesAt = (pathname: string) =>
  (matchRoutes(routes, pathname) ?? []).flatMap(({ route, params }) => {
    const page = preloads.get((route.element as ReactElement | undefined)?.type);
    return page ? [{ page, params }] : [];
  });

export function AppRoutes() {
  return useRoutes(routes);
}
