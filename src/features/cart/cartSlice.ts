import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut, membershipAdded } from '../../lib/session';
import { apiThunk, rejectedMessage, trackStatus } from '../../lib/thunk';
import type { CartItem } from '../../domain/types';
import type { MembershipLine } from '../../domain/membership';
import * as cartAPI from './cartAPI';

export interface CartState {
  items: CartItem[];
  /** The membership line (POST /users/own/membership put it in the cart); null when none. */
  membership: MembershipLine | null;
  /** The initial status is spelled 'ideal', as in the original design. */
  status: 'ideal' | 'idle' | 'loading';
  /** True once the cart load answered, also on failure. */
  cartLoaded: boolean;
  /** Why the last load failed, so the cart page offers a retry instead of looking empty. */
  error: string | null;
}

export const initialState: CartState = {
  items: [],
  membership: null,
  status: 'ideal',
  cartLoaded: false,
  error: null,
};

export const fetchCartAsync = apiThunk('cart/fetchCart', cartAPI.fetchCart);
export const addToCartAsync = apiThunk('cart/addToCart', cartAPI.addToCart);
export const updateCartAsync = apiThunk('cart/updateCart', cartAPI.updateCart);
export const deleteItemFromCartAsync = apiThunk('cart/deleteItemFromCart', cartAPI.deleteItemFromCart);
export const removeMembershipAsync = apiThunk('cart/removeMembership', cartAPI.removeMembershipLine);

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    /** Empties the client's list; the server already emptied the cart when the order was placed. */
    cartReset(state) {
      state.items = [];
      state.membership = null;
    },
    /** The whole cart as the server answered it (after 'Buy again'). */
    cartReplaced(state, action: PayloadAction<CartItem[]>) {
      state.items = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCartAsync.fulfilled, (state, action) => {
        state.items = action.payload.items;
        state.membership = action.payload.membership;
        state.cartLoaded = true;
        state.error = null;
      })
      .addCase(fetchCartAsync.rejected, (state, action) => {
        state.cartLoaded = true;
        state.error = rejectedMessage(action);
      })
      .addCase(addToCartAsync.fulfilled, (state, action) => {
        state.items.push(action.payload);
      })
      .addCase(updateCartAsync.fulfilled, (state, action) => {
        const index = state.items.findIndex((item) => item.id === action.payload.id);
        if (index >= 0) state.items[index] = action.payload;
      })
      .addCase(deleteItemFromCartAsync.fulfilled, (state, action) => {
        state.items = state.items.filter((item) => item.product.id !== action.payload);
      })
      .addCase(membershipAdded, (state, action) => {
        state.membership = action.payload;
      })
      .addCase(removeMembershipAsync.fulfilled, (state) => {
        state.membership = null;
      })
      .addCase(loggedOut, () => initialState);
    // A failed add, update or delete is the caller's to show (.unwrap()); the list stays as it was.
    trackStatus(builder, fetchCartAsync, addToCartAsync, updateCartAsync, deleteItemFromCartAsync);
  },
});

export const { cartReset, cartReplaced } = cartSlice.actions;
export default cartSlice.reducer;

type State = { cart: CartState };
export const selectItems = (state: State) => state.cart.items;
export const selectCartLoaded = (state: State) => state.cart.cartLoaded;
export const selectCartError = (state: State) => state.cart.error;
export const selectMembershipLine = (state: State) => state.cart.membership;
/**
 * How many items the cart holds: the sum of its lines' quantities (two of one product are two
 * items). The header's badge and the cart's and checkout's "total items" all count with this.
 */
export const selectCartItemCount = (state: State): number => state.cart.items.reduce((sum, item) => sum + item.quantity, 0);
