// 0037: uploaded images, kept in the database so every instance on it serves them.
//  - media: one uploaded image: its format (recognised from its content), the file name it was
//    uploaded under, its size in pixels once turned upright (EXIF orientation), the original
//    bytes, and who uploaded it (a user id) when. Not part of db.json: a load or an import of a
//    data file keeps the uploads the database has.
//  - media_renditions: the WebP copies the shop serves, one per width (at most the original's:
//    never enlarged), each with its ETag (a hash of its bytes). Deleted with their image.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey())
    .addColumn('format', 'text', (c) => c.notNull().check(sql`format IN ('jpeg', 'png', 'webp', 'avif')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull().check(sql`width > 0`))
    .addColumn('height', 'integer', (c) => c.notNull().check(sql`height > 0`))
    .addColumn('original', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    // No foreign key: an image outlives its uploader's account, and loading a data file (which
    // empties users, TRUNCATE … CASCADE) leaves the uploads alone.
    .addColumn('created_by', 'integer')
    .execute();
  await db.schema
    .createTable('media_renditions')
    .addColumn('media_id', 'integer', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('width', 'integer', (c) => c.notNull().check(sql`width > 0`))
    .addColumn('height', 'integer', (c) => c.notNull().check(sql`height > 0`))
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_renditions_pkey', ['media_id', 'width'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_renditions').execute();
  await db.schema.dropTable('media').execute();
}
