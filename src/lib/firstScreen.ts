// The requests of the page the app starts on, started before its first render (which waits for
// them a short while at most: src/app/firstRender.ts), so that render shows their answers: one
// render of the whole screen, not a render of loaders followed by one more for each answer as it
// comes. The component that would otherwise start a request on mounting finds it here instead (by
// a key it shares with the page's `firstScreen`), and nothing is found once the first screen has
// committed: a page opened later asks for its own data, fresh.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import type { User } from '../domain/types';

/** What a page's `firstScreen` export is given: the store's dispatch, who is signed in, the URL's search and the route's params. */
export interface FirstScreenContext {
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>;
  user: User | null;
  search: string;
  params?: Readonly<Record<string, string | undefined>>;
}

/** Starts the requests of a page's first screen; resolves when they have answered, either way. */
export type FirstScreen = (context: FirstScreenContext) => Promise<unknown> | undefined;

interface Entry {
  request: unknown;
  /** Set once the request has answered (a failed one never has an answer). */
  answer?: { value: unknown };
}

const entries = new Map<string, Entry>();

/** Keeps `request` under `key` for the first screen; resolves when it settles (never rejects). */
export function startForFirstScreen<T>(key: string, request: Promise<T>): Promise<void> {
  const entry: Entry = { request };
  entries.set(key, entry);
  return request.then(
    (value) => void (entry.answer = { value }),
    () => undefined,
  );
}

/** The request started under `key` for the first screen, while it is being shown for the first time. */
export const firstScreenRequest = <T>(key: string) => entries.get(key)?.request as T | undefined;

/** The answer to the request under `key`, if it has come. */
export const firstScreenAnswer = <T>(key: string) => entries.get(key)?.answer?.value as T | undefined;

/**
 * Rendered after the app's routes: its effect runs once every component of the first screen has
 * run its own (effects run in tree order), and forgets the first screen's requests: from then on
 * every component asks for its own data.
 */
export function FirstScreenShown(): null {
  useEffect(() => entries.clear(), []);
  return null;
}
