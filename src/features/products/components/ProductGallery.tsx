import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { mediaSrcSet } from '../../../domain/media';

interface ProductGalleryProps {
  title: string;
  images: string[];
  /** Each image's description by position ('' or missing: "{title}, image N of M"). */
  alts?: readonly string[];
  /** The chosen variant's picture: shown when it changes; the shopper may look at others. */
  shown?: string;
}

/** A swipe shorter than this (px) is a tap or a scroll, not a change of image. */
const SWIPE_PX = 40;

const KEY_STEP: Record<string, (index: number, count: number) => number> = {
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowRight: (i, n) => (i + 1) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * One large image and a thumbnail button per image: on a phone the title, price and
 * 'Add to Cart' stay on the first screen. Arrow keys, Home and End move between the thumbnails;
 * a swipe on the large image shows the next or previous one. Choosing a variant with a picture
 * (a colour) shows that picture.
 */
export default function ProductGallery({ title, images, alts = [], shown }: ProductGalleryProps) {
  const [active, setActive] = useState(() => Math.max(0, shown ? images.indexOf(shown) : 0));
  const [followed, setFollowed] = useState(shown);
  if (shown !== followed) {
    // A new choice's picture: shown at once (state adjusted while rendering, not in an effect).
    setFollowed(shown);
    if (shown && images.includes(shown)) setActive(images.indexOf(shown));
  }
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const touchX = useRef<number | null>(null);
  const count = images.length;
  const current = Math.min(active, count - 1);

  function show(index: number, focus = false) {
    setActive(index);
    if (focus) thumbs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const step = KEY_STEP[event.key];
    if (!step) return;
    event.preventDefault();
    show(step(current, count), true);
  }

  function onTouchEnd(event: TouchEvent) {
    const start = touchX.current;
    touchX.current = null;
    if (start === null || count < 2) return;
    const dx = event.changedTouches[0].clientX - start;
    if (Math.abs(dx) >= SWIPE_PX) show(KEY_STEP[dx < 0 ? 'ArrowRight' : 'ArrowLeft'](current, count));
  }

  return (
    <div className="flex flex-col gap-3">
      <div
        className="mx-auto aspect-square w-full max-w-[min(100%,40vh)] overflow-hidden rounded-lg bg-gray-100 lg:max-w-none"
        onTouchStart={(event) => (touchX.current = event.touches[0].clientX)}
        onTouchEnd={onTouchEnd}
      >
        <img
          key={images[current]}
          src={images[current]}
          // An uploaded image's widths (seed paths have one): the column is at most 28rem wide.
          srcSet={mediaSrcSet(images[current])}
          sizes="(min-width: 1024px) 28rem, 100vw"
          alt={alts[current] || `${title}, image ${current + 1} of ${count}`}
          width={600}
          height={600}
          // The first image is the page's largest paint; the others load when chosen.
          fetchPriority={current === 0 ? 'high' : undefined}
          className="size-full object-cover object-center"
        />
      </div>
      {count > 1 && (
        <div role="group" aria-label="Product images" onKeyDown={onKeyDown} className="flex flex-wrap justify-center gap-3 lg:justify-start">
          {images.map((src, index) => (
            <button
              key={src + index}
              type="button"
              ref={(button) => {
                thumbs.current[index] = button;
              }}
              onClick={() => show(index)}
              aria-current={index === current ? 'true' : undefined}
              aria-label={`Show image ${index + 1} of ${count}`}
              className="size-14 overflow-hidden rounded-md bg-gray-100 ring-offset-2 hover:opacity-80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-[current]:ring-2 aria-[current]:ring-brand-600 sm:size-20"
            >
              <img src={src} srcSet={mediaSrcSet(src)} sizes="80px" alt="" width={80} height={80} loading="lazy" className="size-full object-cover" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
