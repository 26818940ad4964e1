import { createSlice } from '@reduxjs/toolkit';
import { createAppAsyncThunk, rejectedMessage, toRejectValue } from '../../lib/thunk';
import type { NewOrder, Order, OrderStatus } from '../../types';
import { loggedOut } from '../auth/authActions';
import * as ordersAPI from './ordersAPI';

export interface OrdersState {
  orders: Order[];
  status: 'idle' | 'loading';
  /** The order just placed; the checkout redirects to its success page while it is set. */
  currentOrder: Order | null;
  totalOrders: number;
  error: string | null;
  /** The latest admin list request: answers to older ones (paging quickly) are dropped. */
  listRequestId: string | null;
}

export const initialState: OrdersState = {
  orders: [],
  status: 'idle',
  currentOrder: null,
  totalOrders: 0,
  error: null,
  listRequestId: null,
};

export const createOrderAsync = createAppAsyncThunk(
  'orders/createOrder',
  async ({ order, idempotencyKey }: { order: NewOrder; idempotencyKey: string }, { rejectWithValue }) => {
    try {
      return (await ordersAPI.createOrder(order, idempotencyKey)).data;
    } catch (error) {
      return rejectWithValue(toRejectValue(error));
    }
  },
);

export const fetchAllOrdersAsync = createAppAsyncThunk(
  'orders/fetchAllOrders',
  async (query: ordersAPI.OrdersQuery, { rejectWithValue }) => {
    try {
      const { data, total } = await ordersAPI.fetchAllOrders(query);
      return { orders: data, totalOrders: total ?? data.length };
    } catch (error) {
      return rejectWithValue(toRejectValue(error));
    }
  },
);

export const updateOrderAsync = createAppAsyncThunk(
  'orders/updateOrder',
  async (update: { id: number; status: OrderStatus }, { rejectWithValue }) => {
    try {
      return (await ordersAPI.updateOrder(update)).data;
    } catch (error) {
      return rejectWithValue(toRejectValue(error));
    }
  },
);

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
        state.status = 'loading';
        state.error = null;
      })
      .addCase(createOrderAsync.fulfilled, (state, action) => {
        state.status = 'idle';
        state.orders.push(action.payload);
        state.currentOrder = action.payload;
      })
      .addCase(createOrderAsync.rejected, (state, action) => {
        state.status = 'idle';
        state.error = rejectedMessage(action);
      })
      .addCase(fetchAllOrdersAsync.pending, (state, action) => {
        state.status = 'loading';
        state.error = null;
        state.listRequestId = action.meta.requestId;
      })
      .addCase(fetchAllOrdersAsync.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.listRequestId) return;
        state.status = 'idle';
        state.orders = action.payload.orders;
        state.totalOrders = action.payload.totalOrders;
      })
      .addCase(fetchAllOrdersAsync.rejected, (state, action) => {
        if (action.meta.requestId !== state.listRequestId) return;
        state.status = 'idle';
        // Aborted: the page that asked is gone; nothing went wrong.
        if (!action.meta.aborted) state.error = rejectedMessage(action);
      })
      // An update failure is the caller's to show (.unwrap()); the row keeps the stored status.
      .addCase(updateOrderAsync.fulfilled, (state, action) => {
        const index = state.orders.findIndex((order) => order.id === action.payload.id);
        if (index >= 0) state.orders[index] = action.payload;
      })
      .addCase(loggedOut, () => initialState);
  },
});

export const { resetOrder } = ordersSlice.actions;
export default ordersSlice.reducer;

type State = { orders: OrdersState };
export const selectOrders = (state: State) => state.orders.orders;
export const selectTotalOrders = (state: State) => state.orders.totalOrders;
export const selectCurrentOrder = (state: State) => state.orders.currentOrder;
export const selectOrderStatus = (state: State) => state.orders.status;
export const selectOrdersError = (state: State) => state.orders.error;
