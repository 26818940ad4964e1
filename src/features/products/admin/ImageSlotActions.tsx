import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from '@heroicons/react/20/solid';
import { Button } from '../../../components/controls';

/** The id of a place's button (place from 1): the focus follows a moved or removed image there. */
export const slotButtonId = (place: number, action: 'up' | 'down' | 'remove') => `image${place}-${action}`;

interface ImageSlotActionsProps {
  /** The place's number (1–3) and how many places there are. */
  place: number;
  count: number;
  src: string;
  isThumbnail: boolean;
  onThumbnail: () => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** One image place's controls: make it the thumbnail, move it up or down, clear it (off while empty). */
export default function ImageSlotActions({ place, count, src, isThumbnail, onThumbnail, onMove, onRemove }: ImageSlotActionsProps) {
  const empty = src.trim() === '';
  return (
    <div className="flex shrink-0 flex-col gap-2">
      <label className="flex items-center gap-2 text-sm text-gray-900">
        <input
          type="radio"
          name="thumbnail-choice"
          checked={isThumbnail}
          disabled={empty}
          onChange={onThumbnail}
          aria-label={`Use image ${place} as thumbnail`}
          className="size-4 accent-brand-600"
        />
        Use as thumbnail
      </label>
      <div className="flex gap-1">
        <Button id={slotButtonId(place, 'up')} look="secondary" size="sm" disabled={empty || place === 1} onClick={() => onMove(-1)} aria-label={`Move image ${place} up`}>
          <ArrowUpIcon aria-hidden="true" className="size-4" />
        </Button>
        <Button id={slotButtonId(place, 'down')} look="secondary" size="sm" disabled={empty || place === count} onClick={() => onMove(1)} aria-label={`Move image ${place} down`}>
          <ArrowDownIcon aria-hidden="true" className="size-4" />
        </Button>
        <Button id={slotButtonId(place, 'remove')} look="secondary" size="sm" disabled={empty} onClick={onRemove} aria-label={`Remove image ${place}`}>
          <TrashIcon aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </div>
  );
}
