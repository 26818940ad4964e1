import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { makeRouter } from './app/router';
import { makeStore } from './app/store';
import { AppAlertProvider } from './components/Alerts';
import { checkAuthAsync } from './features/auth/authSlice';
import './index.css';

const store = makeStore();
// The session check starts before the first render; guards wait for its answer.
store.dispatch(checkAuthAsync());
const router = makeRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <AppAlertProvider>
        <RouterProvider router={router} />
      </AppAlertProvider>
    </Provider>
  </StrictMode>,
);
