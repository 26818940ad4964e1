// 0041: an order keeps its delivery estimate as it was when placed (src/domain/delivery.ts: the
// chosen shipping method's business days after the slowest line's handling). delivery_method is
// the method's name, delivery_from and delivery_to the first and last day it may arrive, ISO
// dates (YYYY-MM-DD) as text, so both drivers read them back as they were written. All three
// NULL: an order placed before they were kept (or without a shipping method).
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE orders
      ADD COLUMN delivery_method text,
      ADD COLUMN delivery_from text,
      ADD COLUMN delivery_to text,
      ADD CONSTRAINT orders_delivery_check CHECK (
        (delivery_method IS NULL AND delivery_from IS NULL AND delivery_to IS NULL)
        OR (delivery_method IS NOT NULL
            AND delivery_from ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
            AND delivery_to ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
            AND delivery_from <= delivery_to)
      )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_delivery_check, DROP COLUMN delivery_method, DROP COLUMN delivery_from, DROP COLUMN delivery_to`.execute(db);
}
