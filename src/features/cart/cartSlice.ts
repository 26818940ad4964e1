import { createSelector, createSlice } from '@reduxjs/toolkit';
import { totals } from '../../lib/pricing';
import { createAppAsyncThunk, rejectedMessage, toRejectValue } from '../../lib/thunk';
import type { CartItem } from '../../types';
import { loggedOut } from '../auth/authActions';
import * as cartAPI from './cartAPI';

export interface CartState {
  items: CartItem[];
  /** SPEC §4: the initial status is spelled 'ideal'. */
  status: 'ideal' | 'idle' | 'loading';
  /** True once the cart load answered, also on failure (SPEC §4). */
  cartLoaded: boolean;
  /** Why the last load failed, so the cart page offers a retry instead of looking empty. */
  error: string | null;
}

export const initialState: CartState = {
  items: [],
  status: 'ideal',
  cartLoaded: false,
  error: null,
};

export const fetchCartAsync = createAppAsyncThunk('cart/fetchCart', async (_: void, { rejectWithValue }) => {
  try {
    return (await cartAPI.fetchCart()).data;
  } catch (error) {
    return rejectWithValue(toRejectValue(error));
  }
});

export const addToCartAsync = createAppAsyncThunk(
  'cart/addToCart',
  async (item: cartAPI.NewCartItem, { rejectWithValue }) => {
    try {
      return (await cartAPI.addToCart(item)).data;
    } catch (error) {
      return rejectWithValue(toRejectValue(error));
    }
  },
);

export const updateCartAsync = createAppAsyncThunk(
  'cart/updateCart',
  async (update: cartAPI.CartItemUpdate, { rejectWithValue }) => {
    try {
      return (await cartAPI.updateCart(update)).data;
    } catch (error) {
      return rejectWithValue(toRejectValue(error));
    }
  },
);

export const deleteItemFromCartAsync = createAppAsyncThunk(
  'cart/deleteItemFromCart',
  async (productId: number, { rejectWithValue }) => {
    try {
      await cartAPI.deleteItemFromCart(productId);
      return productId;
    } catch (error) {
      return rejectWithValue(toRejectValue(error));
    }
  },
);

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    /** Empties the client's list; the server already emptied the cart when the order was placed. */
    cartReset(state) {
      state.items = [];
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCartAsync.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(fetchCartAsync.fulfilled, (state, action) => {
        state.status = 'idle';
        state.items = action.payload;
        state.cartLoaded = true;
        state.error = null;
      })
      .addCase(fetchCartAsync.rejected, (state, action) => {
        state.status = 'idle';
        state.cartLoaded = true;
        state.error = rejectedMessage(action);
      })
      .addCase(addToCartAsync.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(addToCartAsync.fulfilled, (state, action) => {
        state.status = 'idle';
        state.items.push(action.payload);
      })
      .addCase(addToCartAsync.rejected, (state) => {
        state.status = 'idle';
      })
      .addCase(updateCartAsync.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(updateCartAsync.fulfilled, (state, action) => {
        state.status = 'idle';
        const index = state.items.findIndex((item) => item.id === action.payload.id);
        if (index >= 0) state.items[index] = action.payload;
      })
      .addCase(updateCartAsync.rejected, (state) => {
        state.status = 'idle';
      })
      .addCase(deleteItemFromCartAsync.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(deleteItemFromCartAsync.fulfilled, (state, action) => {
        state.status = 'idle';
        state.items = state.items.filter((item) => item.product.id !== action.payload);
      })
      .addCase(deleteItemFromCartAsync.rejected, (state) => {
        state.status = 'idle';
      })
      .addCase(loggedOut, () => initialState);
  },
});

export const { cartReset } = cartSlice.actions;
export default cartSlice.reducer;

type State = { cart: CartState };
export const selectItems = (state: State) => state.cart.items;
export const selectCartStatus = (state: State) => state.cart.status;
export const selectCartLoaded = (state: State) => state.cart.cartLoaded;
export const selectCartError = (state: State) => state.cart.error;
/** Memoized: the same totals object while the items are unchanged (no needless re-renders). */
export const selectCartTotals = createSelector([selectItems], totals);
