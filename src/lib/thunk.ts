// Thunks reject with a plain, serialisable value so forms can show the server's per-field errors
// after `.unwrap()` and pages can tell a 404 from a network failure.
import { createAsyncThunk } from '@reduxjs/toolkit';
import { ApiError, errorMessage } from './apiClient';

export interface RejectValue {
  message: string;
  /** Per-field messages of a 400 answer. */
  errors?: Record<string, string>;
  /** HTTP status; 0 when the server could not be reached. */
  status?: number;
}

export function toRejectValue(error: unknown): RejectValue {
  if (error instanceof ApiError) {
    return { message: error.message, errors: error.errors, status: error.status };
  }
  return { message: errorMessage(error) };
}

export const createAppAsyncThunk = createAsyncThunk.withTypes<{ rejectValue: RejectValue }>();

/** The message of a rejected thunk action (the reject value, else the serialized error). */
export function rejectedMessage(action: { payload?: RejectValue; error: { message?: string } }): string {
  return action.payload?.message ?? action.error.message ?? 'Something went wrong';
}
