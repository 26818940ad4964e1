import { createSlice } from '@reduxjs/toolkit';
import { ApiError } from '../../lib/apiClient';
import { createAppAsyncThunk, rejectedMessage, toRejectValue } from '../../lib/thunk';
import type { User } from '../../types';
import { updateUserAsync } from '../user/userSlice';
import { loggedOut } from './authActions';
import * as authAPI from './authAPI';

export const LOGIN_FAILED_MESSAGE = 'Wrong Email or Password';

export interface AuthState {
  /** The signed-in user as login, signup, check or update returned it (SPEC §3). */
  loggedInUserToken: User | null;
  status: 'idle' | 'loading';
  error: string | null;
  /** True once the start-up session check has answered, either way. */
  userChecked: boolean;
}

export const initialState: AuthState = {
  loggedInUserToken: null,
  status: 'idle',
  error: null,
  userChecked: false,
};

export const createUserAsync = createAppAsyncThunk(
  'auth/createUser',
  async (credentials: authAPI.Credentials, { rejectWithValue }) => {
    try {
      const { data } = await authAPI.createUser({ ...credentials, addresses: [], role: 'user' });
      return data;
    } catch (error) {
      return rejectWithValue(toRejectValue(error));
    }
  },
);

export const loginUserAsync = createAppAsyncThunk(
  'auth/loginUser',
  async (credentials: authAPI.Credentials, { rejectWithValue }) => {
    try {
      const { data } = await authAPI.loginUser(credentials);
      return data;
    } catch (error) {
      const value = toRejectValue(error);
      // SPEC §8: a refused login reads 'Wrong Email or Password' (429 and network errors keep theirs).
      if (error instanceof ApiError && (error.status === 401 || error.status === 400)) {
        value.message = LOGIN_FAILED_MESSAGE;
      }
      return rejectWithValue(value);
    }
  },
);

export const checkAuthAsync = createAppAsyncThunk('auth/checkAuth', async (_: void, { rejectWithValue }) => {
  try {
    const { data } = await authAPI.checkAuth();
    return data;
  } catch (error) {
    return rejectWithValue(toRejectValue(error));
  }
});

export const signOutAsync = createAppAsyncThunk('auth/signOut', async (_: void, { dispatch, rejectWithValue }) => {
  try {
    await authAPI.signOut();
  } catch (error) {
    // 401: the session was already gone, which is what signing out wants.
    if (!(error instanceof ApiError && error.status === 401)) return rejectWithValue(toRejectValue(error));
  }
  dispatch(loggedOut());
});

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
      .addCase(createUserAsync.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(createUserAsync.fulfilled, (state, action) => {
        state.status = 'idle';
        state.loggedInUserToken = action.payload;
      })
      .addCase(createUserAsync.rejected, (state, action) => {
        state.status = 'idle';
        state.error = rejectedMessage(action);
      })
      .addCase(loginUserAsync.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(loginUserAsync.fulfilled, (state, action) => {
        state.status = 'idle';
        state.loggedInUserToken = action.payload;
      })
      .addCase(loginUserAsync.rejected, (state, action) => {
        state.status = 'idle';
        state.error = rejectedMessage(action);
      })
      .addCase(checkAuthAsync.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(checkAuthAsync.fulfilled, (state, action) => {
        state.status = 'idle';
        state.loggedInUserToken = action.payload;
        state.userChecked = true;
      })
      // SPEC §8: a failed check is swallowed; it only marks the check finished.
      .addCase(checkAuthAsync.rejected, (state) => {
        state.status = 'idle';
        state.userChecked = true;
      })
      .addCase(signOutAsync.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(signOutAsync.fulfilled, (state) => {
        state.status = 'idle';
      })
      .addCase(signOutAsync.rejected, (state, action) => {
        state.status = 'idle';
        state.error = rejectedMessage(action);
      })
      .addCase(updateUserAsync.fulfilled, (state, action) => {
        state.loggedInUserToken = action.payload;
      })
      .addCase(loggedOut, () => ({ ...initialState, userChecked: true }));
  },
});

export const { authErrorCleared } = authSlice.actions;
export default authSlice.reducer;

type State = { auth: AuthState };
export const selectLoggedInUser = (state: State) => state.auth.loggedInUserToken;
export const selectUserChecked = (state: State) => state.auth.userChecked;
export const selectAuthError = (state: State) => state.auth.error;
export const selectAuthStatus = (state: State) => state.auth.status;
