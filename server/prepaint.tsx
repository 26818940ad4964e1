// The first screen of /login (for a visitor without a session) and of / (for a signed-in shopper)
// as static HTML, rendered once from the app's own components. The server puts it inside #root,
// so the browser paints it with the stylesheet, before the JS has arrived; React's first render
// replaces it. It is `inert` (nothing can be typed into it and lost) and holds no one's data: the
// signed-in screen is the shell (navbar bar, promotion, headings, the list's loading state).
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { Route, Routes, StaticRouter } from 'react-router-dom';
import RootLayout from '../src/app/layout/RootLayout';
import { makeStore } from '../src/app/store';
import { AppAlertProvider } from '../src/components/Alerts';
import { checkAuthAsync } from '../src/features/auth/authSlice';
import LoginPage from '../src/features/auth/pages/LoginPage';
import HomePage from '../src/features/products/pages/HomePage';
import { fetchProductsByFiltersAsync } from '../src/features/products/productsSlice';
import { FIRST_SCREEN_END } from '../src/lib/firstPaint';
import { emptyListingQuery } from '../src/lib/listingQuery';
import type { User } from '../src/types';

export type Prepaint = 'login' | 'home';

/** A stand-in user: the shell only needs "someone, a shopper". */
const SHOPPER: User = { id: 0, email: '', role: 'user', addresses: [] };

function render(kind: Prepaint): string {
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

const cache = new Map<Prepaint, string>();

/** The pre-painted first screen, rendered on first use. */
export function prepaint(kind: Prepaint): string {
  let html = cache.get(kind);
  if (html === undefined) cache.set(kind, (html = render(kind)));
  return html;
}
