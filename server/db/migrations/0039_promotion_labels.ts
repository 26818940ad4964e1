// 0039: promotions say what they are.
// - promotions.label is the short text of a discount line (at most 60 characters);
//   banner_text (nullable) is what the home banner offers to a shopper who does not have the
//   promotion, member_banner_text (nullable) what it tells a member who has a members-only one
//   (null: the label).
// - Existing data: the seed's members' promotion (its label the original design's banner words)
//   gets its own short label and members' words, the old words staying its offer. A codeless
//   promotion's label was the banner's words: one over 60 characters moves to banner_text. A
//   label still over 60 characters becomes the name when that fits, else what it takes off (and
//   its code). Orders keep what they were charged; a discount line that carried such a moved
//   label takes the promotion's new label.
import { sql, type Kysely } from 'kysely';

const SEED_BANNER = 'Apply for Membership ,and get 20% instant discount on Electronics Products, Hurry, Offer Ending Soon!';
const SEED_LABEL = "Members' 20% off Electronics";
const SEED_MEMBER_BANNER = 'Members save 20% on Electronics';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE promotions ADD COLUMN banner_text text, ADD COLUMN member_banner_text text`.execute(db);
  await sql`
    UPDATE promotions SET label = ${SEED_LABEL}, banner_text = label, member_banner_text = ${SEED_MEMBER_BANNER}
    WHERE label = ${SEED_BANNER}`.execute(db);
  await sql`UPDATE promotions SET banner_text = label WHERE code IS NULL AND char_length(label) > 60`.execute(db);
  await sql`
    UPDATE promotions SET label = CASE
      WHEN char_length(btrim(name)) BETWEEN 1 AND 60 THEN btrim(name)
      ELSE (CASE WHEN kind = 'percentage' THEN trim_scale(value / 100.0)::text || '% off'
                 ELSE '$' || to_char(value / 100.0, 'FM999999990.00') || ' off' END)
           || COALESCE(' with ' || code, '')
    END
    WHERE char_length(label) > 60`.execute(db);
  // Orders' discount lines that carried a label now moved to banner_text: the new label.
  await sql`
    UPDATE orders o SET promotions = (
      SELECT jsonb_agg(CASE WHEN p.id IS NOT NULL THEN jsonb_set(x.e, '{label}', to_jsonb(p.label)) ELSE x.e END ORDER BY x.n)
      FROM jsonb_array_elements(o.promotions) WITH ORDINALITY AS x(e, n)
      LEFT JOIN promotions p ON p.id::text = x.e ->> 'id' AND p.banner_text = x.e ->> 'label' AND p.label <> p.banner_text)
    WHERE jsonb_typeof(o.promotions) = 'array'
      AND EXISTS (
        SELECT 1 FROM jsonb_array_elements(o.promotions) e
        JOIN promotions p ON p.id::text = e ->> 'id' AND p.banner_text = e ->> 'label' AND p.label <> p.banner_text)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE promotions SET label = banner_text WHERE banner_text IS NOT NULL AND code IS NULL`.execute(db);
  await sql`ALTER TABLE promotions DROP COLUMN banner_text, DROP COLUMN member_banner_text`.execute(db);
}
