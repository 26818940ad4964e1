import { useState } from 'react';
import { PhotoIcon } from '@heroicons/react/24/outline';
import { mediaSrcSet } from '../../../domain/media';

interface ImagePreviewProps {
  src: string;
  label: string;
}

/** A small preview of an image address typed or uploaded into the form; says so when it does not load. */
export default function ImagePreview({ src, label }: ImagePreviewProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const address = src.trim();
  const failed = failedSrc === address;

  return (
    <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-md border border-gray-200 bg-gray-50">
      {address && !failed ? (
        <img
          src={address}
          srcSet={mediaSrcSet(address)}
          sizes="96px"
          alt={`${label} preview`}
          className="size-full object-cover"
          onError={() => setFailedSrc(address)}
        />
      ) : (
        <div className="flex flex-col items-center p-1 text-center text-xs text-gray-600">
          <PhotoIcon className="size-8 text-gray-400" aria-hidden="true" />
          <span>{failed ? 'Image not found' : 'No image'}</span>
        </div>
      )}
    </div>
  );
}
