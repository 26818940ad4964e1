// Uploaded product images: an admin uploads JPEG, PNG, WebP or AVIF files (recognised by their
// content); each is kept whole in the database with WebP copies at MEDIA_WIDTHS, so every
// instance on the database serves them, and served at /media/<id>/<width>.webp. An upload is
// all or nothing: one file that is not such an image, or too large, and none is stored.
import { MAX_MEDIA_FILES, mediaUrl, type UploadedMedia } from '../../../src/domain/media';
import { badRequest } from '../../http/errors';
import type { User } from '../../../src/domain/types';
import type { MediaStore, NewMedia } from './port';
import { recognise, renditionsOf, type UploadFile } from './images';

/** The longest file name kept (longer ones are cut). */
const MAX_NAME = 200;

/** A file name fit to show and store: control characters dropped, trimmed, cut to MAX_NAME; "file N" when nothing is left. */
export function fileName(raw: string | undefined, index: number): string {
  // eslint-disable-next-line no-control-regex
  const name = (raw ?? '').replace(/[\u0000-\u001f\u007f]|[\ud800-\udfff]/g, '').trim();
  return name === '' ? `file ${index + 1}` : name.slice(0, MAX_NAME);
}

/** What GET /media/<id>/<width>.webp answers: the copy, or only its ETag when the client has it already. */
export type RenditionAnswer = { etag: string; bytes?: Buffer } | undefined;

const WIDTH_FILE = /^([1-9]\d{0,4})\.webp$/;
const ID = /^[1-9]\d{0,9}$/;

export class MediaService {
  constructor(
    private readonly store: MediaStore,
    private readonly now: () => number,
  ) {}

  /**
   * Stores the uploaded images (all or none) and answers each one's id, its widest copy's address
   * and its size upright. 400 naming the first file that is not a JPEG, PNG, WebP or AVIF image.
   */
  async upload(user: User, files: readonly UploadFile[]): Promise<UploadedMedia[]> {
    if (files.length === 0) throw badRequest('Choose at least one image to upload (the field "files")');
    if (files.length > MAX_MEDIA_FILES) throw badRequest(`At most ${MAX_MEDIA_FILES} files at once`);
    const named = files.map((f, i) => ({ name: fileName(f.name, i), bytes: f.bytes }));
    // Every file is recognised before any is converted: a bad one is told at once.
    const facts = [];
    for (const file of named) facts.push(await recognise(file));
    const items: NewMedia[] = [];
    for (const [i, file] of named.entries()) {
      const renditions = await renditionsOf(file, facts[i]);
      items.push({ ...facts[i], name: file.name, original: file.bytes, by: user.id, at: this.now(), renditions });
    }
    const ids = await this.store.addMedia(items);
    return ids.map((id, i) => ({
      id,
      url: mediaUrl(id, Math.max(...items[i].renditions.map((r) => r.width))),
      width: items[i].width,
      height: items[i].height,
    }));
  }

  /**
   * The copy `file` ("640.webp") of image `id`; only its ETag when `ifNoneMatch` names it (the
   * route answers 304); undefined when there is no such image or copy.
   */
  async rendition(id: string, file: string, ifNoneMatch?: string): Promise<RenditionAnswer> {
    const width = WIDTH_FILE.exec(file)?.[1];
    if (!ID.test(id) || width === undefined) return undefined;
    if (ifNoneMatch) {
      const etag = await this.store.renditionTag(Number(id), Number(width));
      if (etag === undefined) return undefined;
      if (matches(ifNoneMatch, etag)) return { etag };
    }
    return this.store.rendition(Number(id), Number(width));
  }
}

/** Whether an If-None-Match header names `etag` (or is `*`), weak or strong alike. */
export function matches(header: string, etag: string): boolean {
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);
}
