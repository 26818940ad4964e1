import { createSlice } from '@reduxjs/toolkit';
import { createAppAsyncThunk, rejectedMessage, toRejectValue } from '../../lib/thunk';
import type { Order, User } from '../../types';
import { loggedOut } from '../auth/authActions';
import * as userAPI from './userAPI';

export interface UserState {
  userInfo: User | null;
  /** The signed-in user's own orders (My Orders). */
  orders: Order[];
  status: 'idle' | 'loading';
  error: string | null;
  ordersStatus: 'idle' | 'loading';
  ordersError: string | null;
  ordersLoaded: boolean;
}

export const initialState: UserState = {
  userInfo: null,
  orders: [],
  status: 'idle',
  error: null,
  ordersStatus: 'idle',
  ordersError: null,
  ordersLoaded: false,
};

export const fetchLoggedInUserAsync = createAppAsyncThunk('user/fetchLoggedInUser', async (_: void, { rejectWithValue }) => {
  try {
    return (await userAPI.fetchLoggedInUser()).data;
  } catch (error) {
    return rejectWithValue(toRejectValue(error));
  }
});

export const fetchLoggedInUserOrdersAsync = createAppAsyncThunk(
  'user/fetchLoggedInUserOrders',
  async (_: void, { rejectWithValue }) => {
    try {
      return (await userAPI.fetchLoggedInUserOrders()).data;
    } catch (error) {
      return rejectWithValue(toRejectValue(error));
    }
  },
);

export const updateUserAsync = createAppAsyncThunk(
  'user/updateUser',
  async (update: userAPI.UserUpdate, { rejectWithValue }) => {
    try {
      return (await userAPI.updateUser(update)).data;
    } catch (error) {
      return rejectWithValue(toRejectValue(error));
    }
  },
);

const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchLoggedInUserAsync.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchLoggedInUserAsync.fulfilled, (state, action) => {
        state.status = 'idle';
        state.userInfo = action.payload;
      })
      .addCase(fetchLoggedInUserAsync.rejected, (state, action) => {
        state.status = 'idle';
        state.error = rejectedMessage(action);
      })
      .addCase(fetchLoggedInUserOrdersAsync.pending, (state) => {
        state.ordersStatus = 'loading';
        state.ordersError = null;
      })
      .addCase(fetchLoggedInUserOrdersAsync.fulfilled, (state, action) => {
        state.ordersStatus = 'idle';
        state.orders = action.payload;
        state.ordersLoaded = true;
      })
      .addCase(fetchLoggedInUserOrdersAsync.rejected, (state, action) => {
        state.ordersStatus = 'idle';
        state.ordersError = rejectedMessage(action);
      })
      // Callers show an update failure themselves (.unwrap()); the stored user stays as it was.
      .addCase(updateUserAsync.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(updateUserAsync.fulfilled, (state, action) => {
        state.status = 'idle';
        state.userInfo = action.payload;
      })
      .addCase(updateUserAsync.rejected, (state) => {
        state.status = 'idle';
      })
      .addCase(loggedOut, () => initialState);
  },
});

export default userSlice.reducer;

type State = { user: UserState };
export const selectUserInfo = (state: State) => state.user.userInfo;
export const selectUserInfoStatus = (state: State) => state.user.status;
export const selectUserInfoError = (state: State) => state.user.error;
export const selectUserOrders = (state: State) => state.user.orders;
export const selectUserOrdersStatus = (state: State) => state.user.ordersStatus;
export const selectUserOrdersError = (state: State) => state.user.ordersError;
export const selectUserOrdersLoaded = (state: State) => state.user.ordersLoaded;
