// Events other slices listen to. Kept apart from authSlice so a slice can react to sign-out
// without importing (and cycling through) the auth slice itself.
import { createAction } from '@reduxjs/toolkit';

/** The session ended: every slice goes back to its initial state. */
export const loggedOut = createAction('auth/loggedOut');
