// Uploaded images and their copies (PgStore delegates here through store.ts): bytea columns, read
// back as a Buffer on either driver (node-postgres gives one, PGlite a Uint8Array).
import type { Kysely } from 'kysely';
import { isId } from '../../../db/rows';
import type { Database } from '../../../db/schema';
import type { NewMedia, StoredRendition } from '../port';

const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

/** A width a copy could have: a positive integer the column holds. */
const isWidth = (width: number) => isId(width);

export async function addMedia(db: Kysely<Database>, items: readonly NewMedia[]): Promise<number[]> {
  if (items.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const item of items) {
      const { id } = await trx
        .insertInto('media')
        .values({
          format: item.format,
          name: item.name,
          width: item.width,
          height: item.height,
          original: item.original,
          created_at: new Date(item.at),
          created_by: item.by,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('media_renditions')
        .values(item.renditions.map((r) => ({ media_id: id, width: r.width, height: r.height, etag: r.etag, bytes: r.bytes })))
        .execute();
      ids.push(id);
    }
    return ids;
  });
}

export async function renditionTag(db: Kysely<Database>, id: number, width: number): Promise<string | undefined> {
  if (!isId(id) || !isWidth(width)) return undefined;
  const row = await db.selectFrom('media_renditions').select('etag').where('media_id', '=', id).where('width', '=', width).executeTakeFirst();
  return row?.etag;
}

export async function rendition(db: Kysely<Database>, id: number, width: number): Promise<Pick<StoredRendition, 'etag' | 'bytes'> | undefined> {
  if (!isId(id) || !isWidth(width)) return undefined;
  const row = await db.selectFrom('media_renditions').select(['etag', 'bytes']).where('media_id', '=', id).where('width', '=', width).executeTakeFirst();
  return row && { etag: row.etag, bytes: asBuffer(row.bytes) };
}
