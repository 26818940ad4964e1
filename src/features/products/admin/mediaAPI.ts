// The back office's image upload (POST /api/admin/media): files in, their addresses out.
import { apiClient } from '../../../lib/apiClient';
import { MEDIA_FIELD, type UploadedMedia } from '../../../domain/media';

/** Uploads the files in one request: all are stored, or none (the ApiError names the bad file). */
export function uploadImages(files: readonly File[]): Promise<UploadedMedia[]> {
  const form = new FormData();
  for (const file of files) form.append(MEDIA_FIELD, file, file.name);
  return apiClient.upload<UploadedMedia[]>('/admin/media', form);
}
