// Reading request values the same way everywhere.
import { HttpError } from './errors';

/** A positive integer id from a path parameter or a body value (numbers or digit strings). */
export function parseId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value)) return Number(value);
  return undefined;
}

/** A request body, which must be a JSON object (400 otherwise). */
export function requireObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}
