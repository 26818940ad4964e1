// The media's part of the storage port: uploaded images (their original bytes) and the WebP
// copies the shop serves. What an upload may be and which copies are made are MediaService's
// rules (images.ts); the store only stores and reads.
import type { ImageFormat } from '../../../src/domain/media';

/** A WebP copy of an image at one width (px), with its ETag (a hash of its bytes). */
export interface StoredRendition {
  width: number;
  height: number;
  etag: string;
  bytes: Buffer;
}

/** An image to store: the upload's original bytes, its upright size and its copies. */
export interface NewMedia {
  format: ImageFormat;
  /** The file name it was uploaded under. */
  name: string;
  width: number;
  height: number;
  original: Buffer;
  /** Who uploaded it (a user id) and when (ms since the epoch). */
  by: number;
  at: number;
  renditions: StoredRendition[];
}

export interface MediaStore {
  /** Stores the images and their copies in one transaction (all or none); their ids, in order. */
  addMedia(items: readonly NewMedia[]): Promise<number[]>;
  /** The ETag of an image's copy at `width`; undefined when there is none. */
  renditionTag(id: number, width: number): Promise<string | undefined>;
  /** An image's copy at `width`; undefined when there is none. */
  rendition(id: number, width: number): Promise<Pick<StoredRendition, 'etag' | 'bytes'> | undefined>;
}
