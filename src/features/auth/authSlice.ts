import { createSlice } from '@reduxjs/toolkit';
import { loggedOut, userUpdated, type SessionState } from '../../lib/session';
import { apiThunk, phaseOf, rejectedMessage, trackStatus } from '../../lib/thunk';
import * as authAPI from './authAPI';

export interface AuthState extends SessionState {
  status: 'idle' | 'loading';
  error: string | null;
}

export const initialState: AuthState = {
  loggedInUserToken: null,
  status: 'idle',
  error: null,
  userChecked: false,
};

export const createUserAsync = apiThunk('auth/createUser', authAPI.createUser);
export const loginUserAsync = apiThunk('auth/loginUser', authAPI.loginUser);
export const checkAuthAsync = apiThunk('auth/checkAuth', authAPI.checkAuth);
/**
 * The login page's two-factor code step, fetched only when the server asks for a code. Imported
 * from here, in the app's chunk, whose list of lazy chunks it joins: from the login page's own
 * chunk the import would cost /login's first load ~0.2 kB of gzip. (Not from authAPI.ts, which
 * the build's route manifest loads outside Vite.)
 */
export const loadCodeStep = () => import('./components/CodeStep');
export const signOutAsync = apiThunk('auth/signOut', authAPI.signOut, () => loggedOut());

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    authErrorCleared(state) {
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(checkAuthAsync.fulfilled, (state, action) => {
        state.loggedInUserToken = action.payload;
        state.userChecked = true;
      })
      // A failed check is swallowed; it only marks the check finished.
      .addCase(checkAuthAsync.rejected, (state) => {
        state.userChecked = true;
      })
      .addCase(userUpdated, (state, action) => {
        state.loggedInUserToken = action.payload;
      })
      .addCase(loggedOut, () => ({ ...initialState, userChecked: true }))
      .addMatcher(phaseOf('fulfilled', createUserAsync, loginUserAsync), (state, action) => {
        state.loggedInUserToken = action.payload;
      })
      // The session check's failure is not shown; the others' are.
      .addMatcher(phaseOf('pending', createUserAsync, loginUserAsync, signOutAsync), (state) => {
        state.error = null;
      })
      .addMatcher(phaseOf('rejected', createUserAsync, loginUserAsync, signOutAsync), (state, action) => {
        state.error = rejectedMessage(action);
      });
    trackStatus(builder, createUserAsync, loginUserAsync, checkAuthAsync, signOutAsync);
  },
});

export const { authErrorCleared } = authSlice.actions;
export default authSlice.reducer;

type State = { auth: AuthState };
export const selectAuthError = (state: State) => state.auth.error;
export const selectAuthStatus = (state: State) => state.auth.status;
