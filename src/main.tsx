import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes, preloadPage } from './app/router';
import { makeStore } from './app/store';
import { AppAlertProvider } from './components/Alerts';
import { checkAuthAsync } from './features/auth/authSlice';

const store = makeStore();

// Loaded by the entry (src/boot.ts). The first render waits for the session check and the page's
// code (the server's preload hints fetch both alongside this module), so it shows the page, not a
// spinner that the page then replaces; until then the server's pre-painted first screen, if any,
// stays up. A check that hangs holds the first render back 3 s at most (the guards then wait for
// it with a spinner). Finding the page's code (matching the route table) waits for a task of its
// own, after the one that evaluated the modules and made the store: two shorter tasks, not one
// long one (total blocking time, docs/performance.md).
const checked = store.dispatch(checkAuthAsync());
setTimeout(() => {
  const ready = Promise.all([checked, preloadPage(window.location.pathname)]);
  void Promise.race([ready, new Promise((resolve) => setTimeout(resolve, 3000))]).then(render, render);
}, 0);

// The first render is a transition, so React renders in slices and yields to the browser between
// them instead of holding the main thread for the whole tree (lower total blocking time on / and
// /login: docs/performance.md). The pre-painted screen stays up until it commits.
function render() {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(
    <StrictMode>
      <Provider store={store}>
        <AppAlertProvider>
          {/* Navigations render at once, not as transitions: filters, sort and pages live in the
              URL, and a checkbox must show its new state when it is clicked. */}
          <BrowserRouter useTransitions={false}>
            <AppRoutes />
          </BrowserRouter>
        </AppAlertProvider>
      </Provider>
    </StrictMode>,
  ));
}
