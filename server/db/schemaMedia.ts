// The schema's uploaded images (migration 0037) and the product imports under way (0045), as
// Kysely sees them: part of `Database` in ./schema.ts. bytea reads as a Buffer (node-postgres) or a
// Uint8Array (PGlite).
import type { ColumnType, Generated } from 'kysely';
import type { ImageFormat } from '../../src/domain/media';
import type { Timestamp } from './schema';

/** One uploaded image: its original bytes and its size upright. */
export interface MediaTable {
  id: Generated<number>;
  format: ImageFormat;
  /** The file name it was uploaded under. */
  name: string;
  width: number;
  height: number;
  original: Uint8Array;
  created_at: Timestamp;
  /** The uploader's user id (no foreign key: kept when the account goes). */
  created_by: number | null;
}

/** A WebP copy of an image at one width, with its ETag. */
export interface MediaRenditionsTable {
  media_id: number;
  width: number;
  height: number;
  etag: string;
  bytes: Uint8Array;
}

/** A product import under way (migration 0045): the ids of the products it added so far. */
export interface ImportJobsTable {
  id: Generated<number>;
  started_at: Timestamp<Date | string | undefined>;
  touched_at: Timestamp<Date | string | undefined>;
  products: ColumnType<number[], number[] | undefined, number[]>;
}
