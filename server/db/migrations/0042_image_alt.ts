// 0042: products.image_alt: each image's description (alt text), by its position in `images`
// (src/domain/productFields.ts imageAlt); NULL when no image has one. A nullable column without
// a default is added instantly. Not part of search_text: `q` matches what the product's pages
// show as text, and a description is read only by assistive technology.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products ADD COLUMN image_alt jsonb CHECK (image_alt IS NULL OR jsonb_typeof(image_alt) = 'array')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE products DROP COLUMN image_alt`.execute(db);
}
