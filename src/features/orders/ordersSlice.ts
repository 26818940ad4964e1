import { createSlice } from '@reduxjs/toolkit';
import { addReducer } from '../../lib/lazyReducers';
import { loggedOut } from '../../lib/session';
import { addLatestListCases, apiThunk, noRequest, rejectedMessage, trackStatus, type LatestRequest } from '../../lib/thunk';
import type { Order } from '../../domain/types';
import * as ordersAPI from './ordersAPI';

export interface OrdersState {
  orders: Order[];
  status: 'idle' | 'loading';
  /** The order just placed; the checkout redirects to its success page while it is set. */
  currentOrder: Order | null;
  totalOrders: number;
  error: string | null;
  /** The admin list's latest request, and the query its rows answer. */
  latest: LatestRequest;
}

export const initialState: OrdersState = {
  orders: [],
  status: 'idle',
  currentOrder: null,
  totalOrders: 0,
  error: null,
  latest: noRequest,
};

export const createOrderAsync = apiThunk('orders/createOrder', ordersAPI.createOrder);
export const fetchAllOrdersAsync = apiThunk('orders/fetchAllOrders', ordersAPI.fetchAllOrders);
export const updateOrderAsync = apiThunk('orders/updateOrder', ordersAPI.updateOrder);

const ordersSlice = createSlice({
  name: 'orders',
  initialState,
  reducers: {
    resetOrder(state) {
      state.currentOrder = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(createOrderAsync.pending, (state) => {
        state.error = null;
      })
      .addCase(createOrderAsync.fulfilled, (state, action) => {
        state.orders.push(action.payload);
        state.currentOrder = action.payload;
      })
      .addCase(createOrderAsync.rejected, (state, action) => {
        state.error = rejectedMessage(action);
      })
      // An update failure is the caller's to show (.unwrap()); the row keeps the stored status.
      .addCase(updateOrderAsync.fulfilled, (state, action) => {
        const index = state.orders.findIndex((order) => order.id === action.payload.id);
        if (index >= 0) state.orders[index] = action.payload;
      })
      .addCase(loggedOut, () => initialState);
    addLatestListCases(builder, fetchAllOrdersAsync, (apiQuery) => apiQuery, (state, { orders, totalOrders }) => {
      state.orders = orders;
      state.totalOrders = totalOrders;
    });
    trackStatus(builder, createOrderAsync);
  },
});

export const { resetOrder } = ordersSlice.actions;
export default ordersSlice.reducer;
// Not in the first load: the store takes it in when this module loads (lib/lazyReducers.ts).
addReducer('orders', ordersSlice.reducer);

type State = { orders: OrdersState };
export const selectOrders = (state: State) => state.orders.orders;
export const selectTotalOrders = (state: State) => state.orders.totalOrders;
export const selectCurrentOrder = (state: State) => state.orders.currentOrder;
export const selectOrderStatus = (state: State) => state.orders.status;
export const selectOrdersError = (state: State) => state.orders.error;
/** The query (API form) the listed orders answer; null until the list first arrives. */
export const selectShownOrdersQuery = (state: State) => state.orders.latest.shownQuery;
