// 0046: the storefront's "Best Rating" sort (`_sort=rating&_order=desc`) within a category or a
// brand, read straight from one index however deep the page, as 0003 and 0007 do for the price
// sorts. The list is ordered `rating DESC, id` (json-server's sort is stable: ties keep id
// order), which the (filter, rating, id) index of 0003 gives only for rating: read backwards it
// gives `id DESC` within a rating, so PostgreSQL had to read and sort every product of each
// rating before the page's (ratings are means of a few reviews' stars: a few dozen values, so at
// a million products a brand's top rating alone holds thousands). These hold the order itself,
// with `deleted` included, so finding a page's ids needs no table rows.
import { sql, type Kysely } from 'kysely';

const FILTERS = ['category', 'brand'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const filter of FILTERS) {
    await sql`CREATE INDEX ${sql.id(`products_${filter}_rating_desc_id_idx`)} ON products (${sql.id(filter)}, rating DESC, id) INCLUDE (deleted)`.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const filter of FILTERS) await sql`DROP INDEX ${sql.id(`products_${filter}_rating_desc_id_idx`)}`.execute(db);
}
