// Every thunk of the app is made here: it calls the API and resolves to what the API answered, or
// rejects with a plain, serialisable value (the API's message, its per-field errors and status),
// so forms can show the server's field errors after `.unwrap()` and pages can tell a 404 from a
// network failure.
import {
  createAsyncThunk,
  type ActionReducerMapBuilder,
  type AsyncThunk,
  type Draft,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { ApiError } from './apiClient';

export interface RejectValue {
  message: string;
  /** Per-field messages of a 400 answer. */
  errors?: Record<string, string>;
  /** HTTP status; 0 when the server could not be reached. */
  status?: number;
}

function toRejectValue(error: unknown): RejectValue {
  if (error instanceof ApiError) {
    return { message: error.message, errors: error.errors, status: error.status };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

type Config = { rejectValue: RejectValue };
const createAppAsyncThunk = createAsyncThunk.withTypes<Config>();

/**
 * A thunk that calls the API (`call`, the feature API file's function) and resolves to what it
 * answered; any failure rejects with the API's message. `announce` names the event other slices
 * learn the answer by (src/lib/session.ts), dispatched before the thunk resolves.
 */
export function apiThunk<Result, Arg = void>(
  type: string,
  call: (arg: Arg) => Promise<Result>,
  announce?: (result: Result) => UnknownAction,
): AsyncThunk<Result, Arg, Config> {
  return createAppAsyncThunk<Result, Arg>(type, (arg, { dispatch, rejectWithValue }) =>
    call(arg).then(
      (result) => {
        if (announce) dispatch(announce(result));
        return result;
      },
      (error: unknown) => rejectWithValue(toRejectValue(error)),
    ),
  );
}

/** The message of a rejected thunk action (the reject value, else the serialized error). */
export function rejectedMessage(action: { payload?: RejectValue; error: { message?: string } }): string {
  return action.payload?.message ?? action.error.message ?? 'Something went wrong';
}

// Any of the app's thunks, whatever it takes and answers.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyThunk = AsyncThunk<any, any, Config>;
type Phase = 'pending' | 'fulfilled' | 'rejected';

/** Matches the `phase` action of any of `thunks` (what RTK's isPending and isRejected do, in less code). */
export function phaseOf<P extends Phase>(phase: P, ...thunks: AnyThunk[]) {
  return (action: unknown): action is ReturnType<AnyThunk[P]> => thunks.some((thunk) => thunk[phase].match(action));
}

/**
 * `status` is 'loading' while one of `thunks` runs and 'idle' once it has answered, either way.
 * Matchers: add it after the slice's own cases.
 */
export function trackStatus<S extends { status: string }>(builder: ActionReducerMapBuilder<S>, ...thunks: AnyThunk[]): void {
  const fulfilled = phaseOf('fulfilled', ...thunks);
  const rejected = phaseOf('rejected', ...thunks);
  builder
    .addMatcher(phaseOf('pending', ...thunks), (state) => {
      (state as { status: string }).status = 'loading';
    })
    .addMatcher(
      (action) => fulfilled(action) || rejected(action),
      (state) => {
        (state as { status: string }).status = 'idle';
      },
    );
}

/** Which request may fill a list, and which query the list holds now. */
export interface LatestRequest {
  /** The latest request's id; null until the list is first asked for. */
  requestId: string | null;
  /** The query (its API form) the list's items answer; null until the first answer. */
  shownQuery: string | null;
}

export const noRequest: LatestRequest = { requestId: null, shownQuery: null };

interface ListState {
  status: 'idle' | 'loading';
  error: string | null;
  latest: LatestRequest;
}

/**
 * Only the latest list request counts: an answer to an older one (paging quickly, a filter
 * ticked twice) is dropped, and an aborted request (the page that asked is gone) is no error.
 * `fill` stores an answer; `queryOf` gives a request's query in its API form.
 */
export function addLatestListCases<S extends ListState, Result, Arg>(
  builder: ActionReducerMapBuilder<S>,
  thunk: AsyncThunk<Result, Arg, Config>,
  queryOf: (arg: Arg) => string,
  fill: (state: Draft<S>, result: Result) => void,
): void {
  const isLatest = (state: Draft<S>, requestId: string) => state.latest.requestId === requestId;
  builder
    .addCase(thunk.pending, (state, action) => {
      state.status = 'loading';
      state.error = null;
      state.latest.requestId = action.meta.requestId;
    })
    .addCase(thunk.fulfilled, (state, action) => {
      if (!isLatest(state, action.meta.requestId)) return;
      state.status = 'idle';
      state.latest.shownQuery = queryOf(action.meta.arg);
      fill(state, action.payload);
    })
    .addCase(thunk.rejected, (state, action) => {
      if (!isLatest(state, action.meta.requestId)) return;
      state.status = 'idle';
      if (!action.meta.aborted) state.error = rejectedMessage(action);
    });
}
