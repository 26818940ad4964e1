// What the app's first render waits for (src/main.tsx), so that it shows the page as it will
// stay, not a spinner or a placeholder that the page then replaces: the page's code and the code
// of the shell's parts the shopper sees (the server's preload hints fetch both alongside the app),
// and, once the session check has answered, the shell's and the page's first-screen data
// (src/lib/firstScreen.ts), 1 s at most. The whole screen is then rendered once, not a render of
// loaders followed by one more for each answer as it comes (total blocking time,
// docs/performance.md).
import { selectLoggedInUser } from '../lib/session';
import type { FirstScreenContext } from '../lib/firstScreen';
import { preloadShell, shellFirstScreen } from './layout/RootLayout';
import { preloadPage, startFirstScreen } from './router';

/** Answers slower than this are not waited for: the page renders with its loaders, and fills in. */
export const DATA_WAIT_MS = 1000;

/** `promise`, or `ms` milliseconds, whichever comes first. */
export const within = (promise: Promise<unknown>, ms: number): Promise<unknown> =>
  Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);

interface Store {
  dispatch: FirstScreenContext['dispatch'];
  getState: () => Parameters<typeof selectLoggedInUser>[0];
}

/** Resolves when the app at `location` may render for the first time. Never rejects. */
export function readyForFirstRender(store: Store, location: { pathname: string; search: string }, checked: Promise<unknown>): Promise<unknown> {
  const { pathname, search } = location;
  const code = preloadPage(pathname);
  return checked.then(() => {
    const user = selectLoggedInUser(store.getState());
    const context = { dispatch: store.dispatch, user, search };
    const data = Promise.all([shellFirstScreen(context), startFirstScreen(pathname, context)]);
    return Promise.all([preloadShell(user, pathname), code]).then(() => within(data, DATA_WAIT_MS));
  });
}
