// A generated seed (db.json) is written as of a fixed reference date, its orders over the 90 days
// before it. Loaded into a new database (first start, db:reset), every date in it moves forward by
// the whole days from that date to today, so a fresh install's dashboard shows the last 90 days
// with the same spread on every install. Whole days keep each order's time of day, and nothing
// lands in the future. A file without `seed.referenceDate` (an export, an import) is kept as is.
import type { Product } from '../../src/domain/types';
import type { DbSchema, SeedInfo } from './snapshot';
import { withSeedVariants } from './seedVariants';

export type SeedFile = Partial<DbSchema> & { seed?: SeedInfo };

const DAY = 86_400_000;

/** Whole days from the seed's reference date to `now` (0 when the file names none). */
export function seedShiftDays(data: SeedFile, now = Date.now()): number {
  const reference = Date.parse(data.seed?.referenceDate ?? '');
  return Number.isNaN(reference) ? 0 : Math.floor((now - reference) / DAY);
}

/** The seed with its dates moved to `now` (a copy; see the header), without its `seed` note. */
export function datedSeed(data: SeedFile, now = Date.now()): Partial<DbSchema> {
  const { seed: _note, ...file } = data;
  void _note;
  // A seed's products (a file with its `seed` note) get their category's variants (./seedVariants.ts).
  const rest = data.seed && file.products ? { ...file, products: withSeedVariants(file.products) } : file;
  const days = seedShiftDays(data, now);
  if (days === 0) return rest;
  const move = (iso: string) => new Date(Date.parse(iso) + days * DAY).toISOString();
  const moved: Partial<DbSchema> = { ...rest };
  const { users, products, orders, sessions, audit } = rest;
  if (users) moved.users = users.map((u) => (u.createdAt ? { ...u, createdAt: move(u.createdAt) } : u));
  if (products) {
    const dated = (p: Product) => p.reviews.some((r) => r.date);
    moved.products = products.map((p) => (dated(p) ? { ...p, reviews: p.reviews.map((r) => (r.date ? { ...r, date: move(r.date) } : r)) } : p));
  }
  if (orders) {
    moved.orders = orders.map((o) => ({
      ...o,
      ...(o.createdAt && { createdAt: move(o.createdAt) }),
      ...(o.history && { history: o.history.map((event) => ({ ...event, at: move(event.at) })) }),
    }));
  }
  if (sessions) moved.sessions = sessions.map((s) => ({ ...s, createdAt: move(s.createdAt), expiresAt: s.expiresAt + days * DAY }));
  if (audit) moved.audit = audit.map((entry) => ({ ...entry, at: move(entry.at) }));
  return moved;
}
