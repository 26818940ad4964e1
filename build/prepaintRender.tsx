// The first screen of /login (for a visitor without a session) and of / (for a signed-in shopper)
// as static HTML, rendered from the app's own components. Run at build time only, through Vite's
// SSR loader (build/prepaint.ts), which writes the result into the build for the server to read:
// the server itself never imports the React app. The server puts a screen inside #root, so the
// browser paints it with the stylesheet, before the JS has arrived; React's first render replaces
// it. It is `inert` (nothing can be typed into it and lost) and holds no one's data: the signed-in
// screen is the shell (navbar bar, promotion, headings, the list's loading state).
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import RootLayout from '../src/app/layout/RootLayout';
import { makeStore } from '../src/app/store';
import { AppAlertProvider } from '../src/components/Alerts';
import { checkAuthAsync } from '../src/features/auth/authSlice';
import LoginPage from '../src/features/auth/pages/LoginPage';
import HomePage from '../src/app/pages/HomePage';
import { fetchProductsByFiltersAsync } from '../src/features/products/productsSlice';
import { FIRST_SCREEN_END } from '../src/domain/firstPaint';
import { emptyListingQuery } from '../src/lib/listingQuery';
import type { User } from '../src/domain/types';
import { PREPAINTS, type Prepaint, type PrepaintScreens } from './manifest';

/** A stand-in user: the shell only needs "someone, a shopper". */
const SHOPPER: User = { id: 0, email: '', role: 'user', addresses: [] };

/** One pre-painted first screen. */
export function renderPrepaint(kind: Prepaint): string {
  const store = makeStore();
  if (kind === 'login') {
    store.dispatch(checkAuthAsync.rejected(null, 'prepaint'));
  } else {
    store.dispatch(checkAuthAsync.fulfilled(SHOPPER, 'prepaint'));
    store.dispatch(fetchProductsByFiltersAsync.pending('prepaint', emptyListingQuery()));
  }
  const path = kind === 'login' ? '/login' : '/';
  const Page = kind === 'login' ? LoginPage : HomePage;
  const html = renderToStaticMarkup(
    <Provider store={store}>
      <AppAlertProvider>
        <StaticRouter location={path}>
          <Routes>
            <Route element={<RootLayout />}>
              <Route path={path} element={<Page />} />
            </Route>
          </Routes>
        </StaticRouter>
      </AppAlertProvider>
    </Provider>,
  );
  return `<div inert>${html}<span id="${FIRST_SCREEN_END}"></span></div>`;
}

/** Every pre-painted first screen, as the build writes them (build/manifest.ts's PREPAINT_FILE). */
export function renderPrepaints(): PrepaintScreens {
  return Object.fromEntries(PREPAINTS.map((kind) => [kind, renderPrepaint(kind)])) as PrepaintScreens;
}
