/**
 * A lazy import that recovers once the server is back. A browser keeps a module that failed to
 * load (the server was down, a deploy in between) failed for the page's whole life: importing it
 * again fails at once, with no request. So when `load` fails, the same file is fetched under a new
 * address (`?retry=N`); the modules it imports are the ones the page already has. Meant for
 * modules that hold no state of their own (a second copy of one must not matter).
 */
export function importAgain<T>(load: () => Promise<T>): () => Promise<T> {
  let tries = 0;
  return () =>
    load().catch((error: unknown) => {
      // "Failed to fetch dynamically imported module: https://…/assets/x-abc.js" (Chromium, Firefox).
      const url = /https?:\/\/\S+?\.js\b/.exec(error instanceof Error ? error.message : '')?.[0];
      if (!url) throw error;
      tries += 1;
      return import(/* @vite-ignore */ `${url}?retry=${tries}`) as Promise<T>;
    });
}
