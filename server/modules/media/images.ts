// What an upload is, judged by its content (never by its name or the type the client claims),
// and the WebP copies made of it with sharp: turned upright by its EXIF orientation, scaled down
// to each of MEDIA_WIDTHS (never up: a narrower image gets a copy at its own width instead).
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { MAX_MEDIA_PIXELS, MEDIA_WIDTHS, type ImageFormat } from '../../../src/domain/media';
import { badRequest } from '../../http/errors';

/** A file as the upload's parser hands it over. */
export interface UploadFile {
  name: string;
  bytes: Buffer;
}

/** An image recognised: its format and its size upright (after EXIF orientation). */
export interface ImageFacts {
  format: ImageFormat;
  width: number;
  height: number;
}

/** A WebP copy: its size, bytes and ETag (a hash of the bytes). */
export interface Rendition {
  width: number;
  height: number;
  etag: string;
  bytes: Buffer;
}

export const notAnImage = (name: string) => `${name} is not a JPEG, PNG, WebP or AVIF image`;

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** The ISO-BMFF brands of a file that starts with an `ftyp` box (AVIF, HEIC, MP4…): its major and compatible brands. */
function brands(bytes: Buffer): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const size = Math.min(bytes.readUInt32BE(0), bytes.length);
  const found = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) found.push(ascii(bytes, at, at + 4));
  return found;
}

/** The format the file's first bytes announce, if it is one the shop takes. */
export function sniffFormat(bytes: Buffer): ImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (brands(bytes).some((b) => b === 'avif' || b === 'avis')) return 'avif';
  return undefined;
}

/** What sharp calls each format when it decodes one (AVIF is HEIF with AV1 inside). */
const DECODER: Record<ImageFormat, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif' };

const decoder = (bytes: Buffer) => sharp(bytes, { limitInputPixels: MAX_MEDIA_PIXELS, failOn: 'error' });

/**
 * The file's format and upright size, when its first bytes announce a format the shop takes and
 * sharp reads it as that format; else 400 naming the file.
 */
export async function recognise(file: UploadFile): Promise<ImageFacts> {
  const format = sniffFormat(file.bytes);
  if (!format) throw badRequest(notAnImage(file.name));
  let meta: Metadata;
  try {
    meta = await decoder(file.bytes).metadata();
  } catch {
    throw badRequest(notAnImage(file.name));
  }
  if (meta.format !== DECODER[format] || (format === 'avif' && meta.compression !== 'av1') || !meta.width || !meta.height) {
    throw badRequest(notAnImage(file.name));
  }
  if (meta.width * meta.height > MAX_MEDIA_PIXELS) {
    throw badRequest(`${file.name} is too large: at most ${MAX_MEDIA_PIXELS / 1_000_000} megapixels`);
  }
  const { width, height } = meta.autoOrient ?? meta;
  return { format, width, height };
}

export const etagOf = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url')}"`;

/** The WebP copies of the image: one per distinct width min(w, its own width) of MEDIA_WIDTHS; 400 naming the file when it cannot be decoded. */
export async function renditionsOf(file: UploadFile, facts: ImageFacts): Promise<Rendition[]> {
  const widths = [...new Set(MEDIA_WIDTHS.map((w) => Math.min(w, facts.width)))];
  try {
    const upright = decoder(file.bytes).rotate();
    return await Promise.all(
      widths.map(async (width) => {
        const { data, info } = await upright
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, etag: etagOf(data), bytes: data };
      }),
    );
  } catch {
    throw badRequest(notAnImage(file.name));
  }
}
