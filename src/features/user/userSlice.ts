import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, userUpdated } from '../../lib/session';
import { apiThunk, rejectedMessage, trackStatus } from '../../lib/thunk';
import type { Order, User } from '../../domain/types';
import * as userAPI from './userAPI';

export interface UserState {
  userInfo: User | null;
  /** Orders of the user's this session changed (cancelled): My Orders loads its pages itself (myOrders.ts). */
  orders: Order[];
  status: 'idle' | 'loading';
  error: string | null;
}

export const initialState: UserState = {
  userInfo: null,
  orders: [],
  status: 'idle',
  error: null,
};

export const fetchLoggedInUserAsync = apiThunk('user/fetchLoggedInUser', userAPI.fetchLoggedInUser);
/** Saves the user; the auth slice learns the new record from `userUpdated`. */
export const updateUserAsync = apiThunk('user/updateUser', userAPI.updateUser, userUpdated);
/** Changes the password (the form keeps its own state: nothing to store here). */
export const changePasswordAsync = apiThunk('user/changePassword', userAPI.changePassword);

const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {
    /** One of the user's orders as the server now has it (cancelled, say). */
    orderReplaced(state, action: PayloadAction<Order>) {
      const index = state.orders.findIndex((order) => order.id === action.payload.id);
      if (index >= 0) state.orders[index] = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchLoggedInUserAsync.pending, (state) => {
        state.error = null;
      })
      .addCase(fetchLoggedInUserAsync.fulfilled, (state, action) => {
        state.userInfo = action.payload;
      })
      .addCase(fetchLoggedInUserAsync.rejected, (state, action) => {
        state.error = rejectedMessage(action);
      })
      // Callers show an update failure themselves (.unwrap()); the stored user stays as it was.
      .addCase(userUpdated, (state, action) => {
        state.userInfo = action.payload;
      })
      .addCase(loggedOut, () => initialState);
    trackStatus(builder, fetchLoggedInUserAsync, updateUserAsync);
  },
});

export const { orderReplaced } = userSlice.actions;
export default userSlice.reducer;

type State = { user: UserState };
export const selectUserInfo = (state: State) => state.user.userInfo;
export const selectUserInfoError = (state: State) => state.user.error;
