// The product form's upload: checks what the server would refuse anyway (too many, too large, not
// an image type) before sending, then the server's answer: the new images' addresses, or its message.
import { useState } from 'react';
import { ApiError } from '../../../lib/apiClient';
import { MAX_MEDIA_BYTES, MAX_MEDIA_FILES, type UploadedMedia } from '../../../domain/media';
import { MAX_PRODUCT_IMAGES } from '../../../domain/productFields';
import { uploadImages } from './mediaAPI';

export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];
const MB = MAX_MEDIA_BYTES / (1024 * 1024);

export type UploadState = { status: 'idle' } | { status: 'uploading'; count: number } | { status: 'error'; message: string };

/** What is wrong with uploading `files` into `free` empty places, before sending them; undefined when nothing is. */
export function uploadProblem(files: readonly File[], free: number): string | undefined {
  if (files.length === 0) return undefined;
  if (free === 0) return `A product has at most ${MAX_PRODUCT_IMAGES} images: remove one to add another.`;
  if (files.length > free) return `Choose at most ${free} more image${free === 1 ? '' : 's'} (a product has at most ${MAX_PRODUCT_IMAGES}).`;
  if (files.length > MAX_MEDIA_FILES) return `Choose at most ${MAX_MEDIA_FILES} images at a time.`;
  const large = files.find((f) => f.size > MAX_MEDIA_BYTES);
  if (large) return `${large.name} is larger than ${MB} MB`;
  // A type the browser knows and is not one of these is refused here; the server judges the content.
  const other = files.find((f) => f.type !== '' && !ACCEPTED_TYPES.includes(f.type));
  if (other) return `${other.name} is not a JPEG, PNG, WebP or AVIF image`;
  return undefined;
}

export function useImageUpload(free: number, onUploaded: (media: UploadedMedia[]) => void) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });

  async function upload(files: readonly File[]) {
    if (files.length === 0 || state.status === 'uploading') return;
    const problem = uploadProblem(files, free);
    if (problem) {
      setState({ status: 'error', message: problem });
      return;
    }
    setState({ status: 'uploading', count: files.length });
    try {
      onUploaded(await uploadImages(files));
      setState({ status: 'idle' });
    } catch (error) {
      setState({ status: 'error', message: error instanceof ApiError ? error.message : 'The upload failed. Try again.' });
    }
  }

  return { state, upload };
}
