import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { readyForFirstRender, within } from './app/firstRender';
import { AppRoutes } from './app/router';
import { makeStore } from './app/store';
import { AppAlertProvider } from './components/Alerts';
import { checkAuthAsync } from './features/auth/authSlice';
import { FirstScreenShown } from './lib/firstScreen';

const store = makeStore();

// Loaded by the entry (src/boot.ts). The first render waits for the page's code and data
// (src/app/firstRender.ts), after the session check; until then the server's pre-painted first
// screen, if any, stays up. A check that hangs holds the first render back 3 s at most (the
// guards then wait for it with a spinner). Finding the page's code (matching the route table)
// waits for a task of its own, after the one that evaluated the modules and made the store: two
// shorter tasks, not one long one (total blocking time, docs/performance.md).
const CHECK_WAIT_MS = 3000;

const checked = store.dispatch(checkAuthAsync());
setTimeout(() => {
  void within(readyForFirstRender(store, window.location, checked), CHECK_WAIT_MS).then(render, render);
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
            <FirstScreenShown />
          </BrowserRouter>
        </AppAlertProvider>
      </Provider>
    </StrictMode>,
  ));
}
