// The app's routes, built from the route table (routes.ts). Every page is its own lazy chunk,
// fetched when the page first renders: after its guard has decided, so a shopper never downloads
// the back office. Declarative routing (useRoutes under BrowserRouter) rather than
// createBrowserRouter: the data router's loaders, actions and fetchers are unused here and would
// add to every first load (docs/performance.md).
import { lazy, type ComponentType, type ReactElement } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import Protected from './guards/Protected';
import RootLayout from './layout/RootLayout';
import { ROUTES, type PageRoute } from './routes';

type PageModule = { default: ComponentType };

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

/** The loader of each page that may be preloaded, by the component its route renders. */
const loaders = new Map<unknown, () => Promise<PageModule>>();
/** A lazily loaded page; once its code is there it renders at once, without suspending. */
function page({ page: module, guard }: PageRoute): ReactElement {
  const load = loaderOf(module, guard);
  let loaded: ComponentType | undefined;
  const loadPage = () =>
    load().then((pageModule) => {
      loaded = pageModule.default;
      return pageModule;
    });
  const LazyPage = lazy(loadPage);
  function Page() {
    const Loaded = loaded ?? LazyPage;
    return <Loaded />;
  }
  // Never the back office: its guard decides first.
  if (guard !== 'admin') loaders.set(Page, loadPage);
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
  const matches = matchRoutes(routes, pathname) ?? [];
  return Promise.all(
    matches.map((match) => loaders.get((match.route.element as ReactElement | undefined)?.type)?.().catch(() => undefined)),
  );
}

export function AppRoutes() {
  return useRoutes(routes);
}
