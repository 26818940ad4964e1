// The media part of the postgres adapter (server/modules/media/port.ts): uploaded images and
// their copies (media.ts). A mixin over PgBase, like every part of PgStore.
import type { NewMedia, StoredRendition } from '../port';
import type { PgClass } from '../../../db/pgBase';
import * as media from './media';

export function withMedia<T extends PgClass>(Base: T) {
  return class PgMedia extends Base {
    addMedia(items: readonly NewMedia[]): Promise<number[]> {
      return media.addMedia(this.db, items);
    }
    renditionTag(id: number, width: number): Promise<string | undefined> {
      return media.renditionTag(this.db, id, width);
    }
    rendition(id: number, width: number): Promise<Pick<StoredRendition, 'etag' | 'bytes'> | undefined> {
      return media.rendition(this.db, id, width);
    }
  };
}
