// What src/main.tsx does, for the first-render tests: the session check, the wait for the page's
// and the shell's code and first-screen data (src/app/firstRender.ts), then one render.
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { readyForFirstRender } from '../app/firstRender';
import { routes } from '../app/router';
import { makeStore } from '../app/store';
import { AppAlertProvider } from '../components/Alerts';
import { checkAuthAsync } from '../features/auth/authSlice';
import { FirstScreenShown } from '../lib/firstScreen';

export async function startApp(path: string) {
  const store = makeStore();
  const url = new URL(path, 'http://localhost');
  await readyForFirstRender(store, url, store.dispatch(checkAuthAsync()));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <AppAlertProvider>
        <RouterProvider router={router} />
        <FirstScreenShown />
      </AppAlertProvider>
    </Provider>,
  );
  return { router, store };
}
