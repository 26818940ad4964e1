// What every module's SQL shares when it maps rows to records (each module maps its own tables:
// server/modules/<module>/pg): ids as the database takes them, and the key order of db.json, which
// each *FromRow gives back exactly, also inside jsonb values, whose key order PostgreSQL does not
// keep, so an export serializes like the seed.
import { sql, type RawBuilder } from 'kysely';
import type { Address, Product, Review } from '../../src/domain/types';
import { PRODUCT_KEYS } from '../../src/domain/productFields';

/** Ids are `integer` columns: a larger id names nothing (and must not reach a query as one). */
export const isId = (id: number) => Number.isInteger(id) && id >= 1 && id <= 2_147_483_647;

/** The valid ids of a list, each once, in the order first given. */
export const distinctIds = (ids: readonly number[]): number[] => [...new Set(ids.filter(isId))];

/**
 * The right side of `id = …` for a list of ids: the id itself when there is one, `ANY(…)` of
 * them otherwise. PostgreSQL re-plans `id = ANY($1)` on every run (it estimates a plan for the
 * array it is given, one id, cheaper than a generic plan for an array of unknown length), while it
 * plans `id = $1` once: on the embedded engine planning a statement on products looks at each of
 * its indexes' sizes, so an order of one product reads its products without planning them again.
 */
export const idIn = (ids: readonly number[]): number | RawBuilder<number> => (ids.length === 1 ? ids[0] : sql<number>`ANY(${ids}::int[])`);

/** A row without its id, for an INSERT that lets the identity column number it. */
export function withoutId<T extends { id?: unknown }>(row: T): Omit<T, 'id'> {
  const copy = { ...row };
  delete copy.id;
  return copy;
}

/** A jsonb value as a parameter. */
export const json = (value: unknown): string => JSON.stringify(value);

/** `value` with `keys` first, in that order, then any other keys as they were. */
export function ordered<T>(value: T, keys: readonly string[]): T {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of keys) if (Object.prototype.hasOwnProperty.call(source, key)) out[key] = source[key];
  for (const key of Object.keys(source)) if (!(key in out)) out[key] = source[key];
  return out as T;
}

const ADDRESS_KEYS = ['name', 'email', 'phoneNumber', 'country', 'street', 'city', 'state', 'pincode', 'stateCode', 'needsReview'] as const;
/** An address (a user's, an order's) in db.json's key order. */
export const orderAddress = (a: Address): Address => ordered(a, ADDRESS_KEYS);

const REVIEW_KEYS = ['id', 'user', 'reviewerName', 'rating', 'comment', 'date', 'verified'] as const;
/** A review (a product's, in its row or in an order line's snapshot) in db.json's key order. */
export const orderReview = (r: Review): Review => ordered(r, REVIEW_KEYS);

/** A product from jsonb (an order line's snapshot): db.json's key order, reviews too. */
export function orderProduct(p: Product): Product {
  const out = ordered(p, PRODUCT_KEYS);
  if (Array.isArray(out.reviews)) out.reviews = out.reviews.map(orderReview);
  return out;
}
