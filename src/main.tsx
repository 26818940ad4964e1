import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/router';
import { makeStore } from './app/store';
import { AppAlertProvider } from './components/Alerts';
import { checkAuthAsync } from './features/auth/authSlice';
import './index.css';

const store = makeStore();
// The session check starts before the first render; guards wait for its answer.
store.dispatch(checkAuthAsync());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <AppAlertProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppAlertProvider>
    </Provider>
  </StrictMode>,
);
