import { lazy, type ComponentType, type ReactNode } from 'react';

export interface Preloadable<P extends object> {
  /** Renders the module's component: suspends while its code loads, then renders it directly. */
  Component: (props: P) => ReactNode;
  /** Loads the code and resolves when it is there; never rejects (a failed load is retried, and reported, when it renders). */
  preload: () => Promise<void>;
}

/**
 * A lazily loaded component whose code can be asked for before it renders. Once the code is
 * there it renders at once, without suspending: `React.lazy` alone suspends on its first render
 * even when the module came in earlier, so a Suspense fallback would show (and the page move)
 * for a moment. Used for the pages and the shell's lazy parts, which the app's first render waits
 * for (src/app/firstRender.ts).
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  const loadModule = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadModule);
  return {
    Component(props) {
      const Loaded = loaded ?? Lazy;
      return <Loaded {...props} />;
    },
    // A failure is not this load's to report: the render retries (and reports it).
    preload: () => loadModule().then(
      () => undefined,
      () => undefined,
    ),
  };
}
