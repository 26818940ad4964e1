// The one place that calls fetch: base URL, JSON in and out, errors → ApiError.
import type { ApiErrorBody } from '../domain/types';

// `import.meta.env` is Vite's; it is absent where the module is loaded outside Vite's transform (build/routeManifest.ts, in the bundled config).
export const API_URL: string = import.meta.env?.VITE_API_URL ?? '/api';

export class ApiError extends Error {
  readonly status: number;
  readonly errors?: Record<string, string>;

  constructor(status: number, message: string, errors?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

interface Answer<T> {
  data: T;
  headers: Headers;
}

/** A page of a list and the size of the whole list (X-Total-Count). */
export interface ListPage<T> {
  items: T[];
  total: number;
  /** X-Search-Corrected: the search the answer is for, corrected for a typo (null: as sent). */
  corrected?: string | null;
  /** X-Total-Count-Estimated: the total is the server's estimate (a search on a big catalogue). */
  estimated?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The message shown when the server cannot be reached at all. */
export const NETWORK_ERROR_MESSAGE = 'Cannot reach the shop server. Check your connection and try again.';

async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<Answer<T>> {
  let response: Response;
  // An upload's files go as multipart/form-data, the type (with its boundary) set by fetch itself.
  const files = body instanceof FormData;
  try {
    response = await fetch(`${API_URL}${path}`, {
      method,
      credentials: 'same-origin',
      // Every other write is JSON, body or not: the server refuses any other (a form post's) type.
      headers: method === 'GET' || files ? extraHeaders : { 'Content-Type': 'application/json', ...extraHeaders },
      body: body === undefined ? undefined : files ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  if (!response.ok) {
    const errorBody = (parsed && typeof parsed === 'object' ? parsed : {}) as Partial<ApiErrorBody>;
    const message =
      errorBody.message ?? (typeof parsed === 'string' && parsed ? parsed : `Request failed (${response.status})`);
    throw new ApiError(response.status, message, errorBody.errors);
  }
  return { data: parsed as T, headers: response.headers };
}

const data = <T>(answer: Answer<T>) => answer.data;

/** Each call resolves to the answer's body, or throws an ApiError. */
export const apiClient = {
  get: <T>(path: string) => request<T>('GET', path).then(data),
  /** A page of a list, with the whole list's size (X-Total-Count, else the page's length). */
  list: <T>(path: string): Promise<ListPage<T>> =>
    request<T[]>('GET', path).then(({ data: items, headers }) => ({
      items,
      total: Number(headers.get('X-Total-Count') ?? items.length),
      corrected: headers.get('X-Search-Corrected'),
      estimated: headers.get('X-Total-Count-Estimated') === 'true',
    })),
  post: <T>(path: string, body: unknown, headers?: Record<string, string>) => request<T>('POST', path, body, headers).then(data),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body).then(data),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body).then(data),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body).then(data),
  /** POSTs files as multipart/form-data (the back office's image upload). */
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, form).then(data),
};
