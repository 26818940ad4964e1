import { combineReducers, configureStore, type Reducer } from '@reduxjs/toolkit';
import authReducer from '../features/auth/authSlice';
import cartReducer from '../features/cart/cartSlice';
import userReducer from '../features/user/userSlice';
import type { OrdersState } from '../features/orders/ordersSlice';
import type { ProductsState } from '../features/products/productsSlice';
import { lazyReducers, onReducerAdded } from '../lib/lazyReducers';

/** What every screen reads; the catalogue's and the orders' slices join with their first page (lib/lazyReducers.ts). */
const firstLoad = { auth: authReducer, cart: cartReducer, user: userReducer };
const combined = () => combineReducers({ ...firstLoad, ...lazyReducers() });

/** The state once every slice has joined (a slice's selectors run only after its module loaded). */
export type RootState = ReturnType<ReturnType<typeof combined>> & { products: ProductsState; orders: OrdersState };
const rootReducer = () => combined() as unknown as Reducer<RootState>;

/** A fresh store; tests pass the state they start from. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({ reducer: rootReducer(), preloadedState: preloadedState as RootState | undefined });
  onReducerAdded(() => store.replaceReducer(rootReducer()));
  return store;
}
