// Uploaded product images (server/modules/media): what the back office may upload, and the
// addresses the shop serves them at. An upload is kept as WebP copies at MEDIA_WIDTHS (never
// wider than the original: a narrower image gets copies at its own width), served at
// /media/<id>/<width>.webp; a product stores the widest one's address. Pure TypeScript, shared by
// the client and the server.

/** The formats an upload may be (recognised by its content, not its name). */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** The widths (px) of the WebP copies the shop makes of an upload. */
export const MEDIA_WIDTHS = [320, 640, 1280] as const;
/** An uploaded file's largest size in bytes (10 MB). */
export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;
/** The most files one upload may carry. */
export const MAX_MEDIA_FILES = 10;
/** The multipart field an upload's files are sent in. */
export const MEDIA_FIELD = 'files';
/** An upload's largest size in pixels once decoded (width × height): 50 megapixels. */
export const MAX_MEDIA_PIXELS = 50_000_000;

/** One uploaded image as POST /api/admin/media answers it: `url` its widest copy. */
export interface UploadedMedia {
  id: number;
  url: string;
  width: number;
  height: number;
}

/** The address of an image's copy at `width`. */
export const mediaUrl = (id: number, width: number): string => `/media/${id}/${width}.webp`;

const MEDIA_PATH = /^\/media\/([1-9]\d{0,9})\/([1-9]\d{0,4})\.webp$/;

/** The image and width an address of an uploaded image's copy names; undefined for any other address (a seed path). */
export function parseMediaUrl(src: string): { id: number; width: number } | undefined {
  const found = MEDIA_PATH.exec(src);
  return found ? { id: Number(found[1]), width: Number(found[2]) } : undefined;
}

/** The widths of the copies an image has whose widest copy is `widest` px wide. */
export function renditionWidths(widest: number): number[] {
  return [...new Set(MEDIA_WIDTHS.map((w) => Math.min(w, widest)))];
}

/** The `srcset` of an uploaded image's address (every copy up to the one it names); undefined for other addresses. */
export function mediaSrcSet(src: string): string | undefined {
  const media = parseMediaUrl(src);
  if (!media) return undefined;
  return renditionWidths(media.width)
    .map((w) => `${mediaUrl(media.id, w)} ${w}w`)
    .join(', ');
}
