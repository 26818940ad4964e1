// 0018: variants on the storefront.
//  - products.price_varies: whether the displayed prices of a product's variants differ (its card
//    says "from $X", X = sale_price, the lowest). Kept like stock and sale_price (migration 0012):
//    the variants' statement triggers set it in the statement that changes a variant, the
//    product's row trigger when its own price or discount is written. A list reads one column.
//  - variants.image: the picture of a variant (a colour), one of its product's `images`, NULL for
//    none (the gallery then stays as it is). The service checks a write's image against the
//    product's images; when a product's images change, a variant whose image is no longer among
//    them loses it (like ON DELETE SET NULL), in the same statement.
import { sql, type Kysely } from 'kysely';

/** The displayed price of variant `v` of product `q` (the product's own standing in for NULL). */
const VARIANT_PRICE = 'shop_sale_price(coalesce(v.price, q.price), coalesce(v.discount_percentage, q.discount_percentage))';

/** The variants' triggers of 0012, with price_varies beside stock and sale_price. */
function variantsTrigger(op: string, rows: string, withVaries: boolean): string {
  return `
    CREATE OR REPLACE FUNCTION shop_variants_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE products p SET stock = s.stock, sale_price = s.sale_price${withVaries ? ', price_varies = s.price_varies' : ''}
      FROM (
        SELECT v.product_id, sum(v.stock)::int AS stock, min(${VARIANT_PRICE}) AS sale_price,
          min(${VARIANT_PRICE}) <> max(${VARIANT_PRICE}) AS price_varies
        FROM variants v JOIN products q ON q.id = v.product_id
        WHERE v.product_id IN (${rows})
        GROUP BY v.product_id
      ) s
      WHERE p.id = s.product_id AND (p.stock, p.sale_price${withVaries ? ', p.price_varies' : ''}) IS DISTINCT FROM (s.stock, s.sale_price${withVaries ? ', s.price_varies' : ''});
      RETURN NULL;
    END $$`;
}

const OPS = [
  ['insert', 'SELECT product_id FROM new_rows'],
  ['update', 'SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows'],
  ['delete', 'SELECT product_id FROM old_rows'],
] as const;

/** 0012's row trigger function (one look at the variants), with price_varies when `withVaries`. */
function productTrigger(withVaries: boolean): string {
  const price = 'shop_sale_price(coalesce(v.price, NEW.price), coalesce(v.discount_percentage, NEW.discount_percentage))';
  return `
    CREATE OR REPLACE FUNCTION shop_product_sale_price() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE lowest double precision; varies boolean;
    BEGIN
      SELECT min(s.x), min(s.x) <> max(s.x) INTO lowest, varies FROM (SELECT ${price} AS x FROM variants v WHERE v.product_id = NEW.id) s;
      NEW.sale_price := coalesce(lowest, shop_sale_price(NEW.price, NEW.discount_percentage));
      ${withVaries ? 'NEW.price_varies := coalesce(varies, false);' : ''}
      RETURN NEW;
    END $$`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE products ADD COLUMN price_varies boolean NOT NULL DEFAULT false`.execute(db);
  await sql.raw(productTrigger(true)).execute(db);
  await sql`DROP TRIGGER products_sale_price ON products`.execute(db);
  await sql`CREATE TRIGGER products_sale_price BEFORE INSERT OR UPDATE OF price, discount_percentage, sale_price, price_varies ON products
    FOR EACH ROW EXECUTE FUNCTION shop_product_sale_price()`.execute(db);
  for (const [op, rows] of OPS) await sql.raw(variantsTrigger(op, rows, true)).execute(db);
  // The products whose variants differ in price now (the row trigger computes it).
  await sql.raw(`UPDATE products SET price_varies = true WHERE id IN (
      SELECT v.product_id FROM variants v JOIN products q ON q.id = v.product_id
      GROUP BY v.product_id HAVING min(${VARIANT_PRICE}) <> max(${VARIANT_PRICE}))`).execute(db);

  await sql`ALTER TABLE variants ADD COLUMN image text CHECK (image <> '')`.execute(db);
  await sql`
    CREATE FUNCTION shop_products_images() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE variants SET image = NULL WHERE product_id = NEW.id AND image IS NOT NULL AND NOT (NEW.images ? image);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER products_images AFTER UPDATE OF images ON products
    FOR EACH ROW WHEN (OLD.images IS DISTINCT FROM NEW.images) EXECUTE FUNCTION shop_products_images()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER products_images ON products`.execute(db);
  await sql`DROP FUNCTION shop_products_images()`.execute(db);
  await sql`ALTER TABLE variants DROP COLUMN image`.execute(db);
  for (const [op, rows] of OPS) await sql.raw(variantsTrigger(op, rows, false)).execute(db);
  await sql`DROP TRIGGER products_sale_price ON products`.execute(db);
  await sql.raw(productTrigger(false)).execute(db);
  await sql`CREATE TRIGGER products_sale_price BEFORE INSERT OR UPDATE OF price, discount_percentage, sale_price ON products
    FOR EACH ROW EXECUTE FUNCTION shop_product_sale_price()`.execute(db);
  await sql`ALTER TABLE products DROP COLUMN price_varies`.execute(db);
}
