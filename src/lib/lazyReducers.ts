// Slices a shopper's first screen does not need (the catalogue's, the orders') are not in the
// first load: each registers its reducer here when its module loads, with the first page that
// uses it, and every store takes it in at once (store.ts). A page's module loads before it
// renders, so a selector never reads a slice that is not there yet.
import type { Reducer } from '@reduxjs/toolkit';

const reducers: Record<string, Reducer> = {};
const listeners = new Set<() => void>();

/** The reducers registered so far, by state key. */
export const lazyReducers = (): Readonly<Record<string, Reducer>> => reducers;

/** Adds `reducer` under `key` to every store, now and to come. */
export function addReducer(key: string, reducer: Reducer): void {
  if (reducers[key] === reducer) return;
  reducers[key] = reducer;
  listeners.forEach((listener) => listener());
}

/** Calls `listener` whenever a reducer is added; returns how to stop. */
export function onReducerAdded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
