// 0033: products.in_stock_price, the lowest displayed price over a product's variants in stock
// (NULL when none is), kept like stock, sale_price and price_varies (migrations 0012 and 0018): the
// variants' statement triggers set it in the statement that changes a variant, the product's row
// trigger when its own price or discount is written. A saved-products list (the wishlist) reads
// one column rather than every variant of every product it shows.
import { sql, type Kysely } from 'kysely';

/** The displayed price of variant `v` of product `q` (the product's own standing in for NULL). */
const VARIANT_PRICE = 'shop_sale_price(coalesce(v.price, q.price), coalesce(v.discount_percentage, q.discount_percentage))';

function variantsTrigger(op: string, rows: string, withInStock: boolean): string {
  const set = withInStock ? ', in_stock_price = s.in_stock_price' : '';
  const mine = withInStock ? ', p.in_stock_price' : '';
  const theirs = withInStock ? ', s.in_stock_price' : '';
  return `
    CREATE OR REPLACE FUNCTION shop_variants_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE products p SET stock = s.stock, sale_price = s.sale_price, price_varies = s.price_varies${set}
      FROM (
        SELECT v.product_id, sum(v.stock)::int AS stock, min(${VARIANT_PRICE}) AS sale_price,
          min(${VARIANT_PRICE}) <> max(${VARIANT_PRICE}) AS price_varies,
          min(${VARIANT_PRICE}) FILTER (WHERE v.stock > 0) AS in_stock_price
        FROM variants v JOIN products q ON q.id = v.product_id
        WHERE v.product_id IN (${rows})
        GROUP BY v.product_id
      ) s
      WHERE p.id = s.product_id AND (p.stock, p.sale_price, p.price_varies${mine}) IS DISTINCT FROM (s.stock, s.sale_price, s.price_varies${theirs});
      RETURN NULL;
    END $$`;
}

const OPS = [
  ['insert', 'SELECT product_id FROM new_rows'],
  ['update', 'SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows'],
  ['delete', 'SELECT product_id FROM old_rows'],
] as const;

function productTrigger(withInStock: boolean): string {
  const price = 'shop_sale_price(coalesce(v.price, NEW.price), coalesce(v.discount_percentage, NEW.discount_percentage))';
  return `
    CREATE OR REPLACE FUNCTION shop_product_sale_price() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE lowest double precision; varies boolean; in_stock double precision;
    BEGIN
      SELECT min(s.x), min(s.x) <> max(s.x), min(s.x) FILTER (WHERE s.stock > 0) INTO lowest, varies, in_stock
        FROM (SELECT ${price} AS x, v.stock FROM variants v WHERE v.product_id = NEW.id) s;
      NEW.sale_price := coalesce(lowest, shop_sale_price(NEW.price, NEW.discount_percentage));
      NEW.price_varies := coalesce(varies, false);
      ${withInStock ? 'NEW.in_stock_price := in_stock;' : ''}
      RETURN NEW;
    END $$`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE products ADD COLUMN in_stock_price double precision`.execute(db);
  await sql.raw(productTrigger(true)).execute(db);
  for (const [op, rows] of OPS) await sql.raw(variantsTrigger(op, rows, true)).execute(db);
  await sql.raw(`UPDATE products p SET in_stock_price = s.in_stock_price FROM (
      SELECT v.product_id, min(${VARIANT_PRICE}) FILTER (WHERE v.stock > 0) AS in_stock_price
      FROM variants v JOIN products q ON q.id = v.product_id GROUP BY v.product_id) s
    WHERE p.id = s.product_id AND s.in_stock_price IS NOT NULL`).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const [op, rows] of OPS) await sql.raw(variantsTrigger(op, rows, false)).execute(db);
  await sql.raw(productTrigger(false)).execute(db);
  await sql`ALTER TABLE products DROP COLUMN in_stock_price`.execute(db);
}
