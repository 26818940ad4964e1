import { useRef, useState, type DragEvent } from 'react';
import { ArrowUpTrayIcon } from '@heroicons/react/24/outline';
import { Button } from '../../../components/controls';
import { MAX_MEDIA_BYTES } from '../../../domain/media';
import { ACCEPTED_TYPES, type UploadState } from './useImageUpload';

interface ImageDropZoneProps {
  state: UploadState;
  /** Empty image places left (0: the button is off). */
  free: number;
  onFiles: (files: File[]) => void;
}

/**
 * Where images are uploaded: a button that opens the file picker (Enter and Space, as any button)
 * and a zone files may be dropped on; the upload's progress and its error are announced.
 */
export default function ImageDropZone({ state, free, onFiles }: ImageDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const busy = state.status === 'uploading';

  function drop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    if (!busy) onFiles([...event.dataTransfer.files]);
  }

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      aria-busy={busy}
      className={`rounded-md border-2 border-dashed p-4 text-center ${over ? 'border-brand-600 bg-brand-50' : 'border-gray-300'}`}
    >
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPTED_TYPES.join(',')}
        aria-label="Image files"
        hidden
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      <ArrowUpTrayIcon aria-hidden="true" className="mx-auto size-8 text-gray-400" />
      {/* Busy, not disabled, while it uploads: a disabled button drops the keyboard focus. */}
      <Button look="secondary" size="sm" className="mt-2" busy={busy} disabled={free === 0} onClick={() => input.current?.click()}>
        Upload images
      </Button>
      <p className="mt-2 text-xs text-gray-600">
        or drop them here: JPEG, PNG, WebP or AVIF, at most {MAX_MEDIA_BYTES / (1024 * 1024)} MB each. They fill the empty places below.
      </p>
      <div role="status" className="mt-2 text-sm text-gray-700">
        {busy && (
          <>
            <progress aria-label="Uploading" className="w-full" />
            Uploading {state.count} image{state.count === 1 ? '' : 's'}…
          </>
        )}
      </div>
      {state.status === 'error' && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {state.message}
        </p>
      )}
    </div>
  );
}
