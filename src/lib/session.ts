// The session, as every feature may read it: who is signed in, and the events that change it.
// The auth slice (features/auth) keeps this state; other slices listen to these events and pages
// read it through these selectors, so none of them reaches into the auth feature's files.
import { createAction } from '@reduxjs/toolkit';
import type { User } from '../domain/types';
import type { MembershipLine } from '../domain/membership';

/** The session ended: every slice goes back to its initial state. */
export const loggedOut = createAction('auth/loggedOut');

/** The signed-in user's record was saved (name, addresses): every copy of it is replaced. */
export const userUpdated = createAction<User>('user/userUpdated');

/** The server put the membership line in the signed-in user's cart (the cart slice keeps it). */
export const membershipAdded = createAction<MembershipLine>('cart/membershipAdded');

/** Whether the signed-in user's cart holds the membership line (read from the cart slice's state). */
export const selectMembershipInCart = (state: { cart: { membership: MembershipLine | null } }) => state.cart.membership !== null;

/** The part of the auth slice that says who is signed in. */
export interface SessionState {
  /** The signed-in user as login, signup, check or update returned it. */
  loggedInUserToken: User | null;
  /** True once the start-up session check has answered, either way. */
  userChecked: boolean;
}

type State = { auth: SessionState };
export const selectLoggedInUser = (state: State) => state.auth.loggedInUserToken;
export const selectUserChecked = (state: State) => state.auth.userChecked;
