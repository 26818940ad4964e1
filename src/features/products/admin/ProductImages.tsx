// The product form's pictures: a thumbnail and one to MAX_PRODUCT_IMAGES images, each a path on
// this site with an optional description (its alt text; none: the shop uses the product's title).
// Images are uploaded (button or drop: they fill the empty places, adding places as needed) or
// typed as a path; "Add an image" opens one more place; each place can be made the thumbnail,
// moved up or down (its description with it), or cleared.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { UploadedMedia } from '../../../domain/media';
import { MAX_PRODUCT_IMAGES, type ProductFormField } from '../../../domain/productFields';
import { Button, Input } from '../../../components/controls';
import ImageDropZone from './ImageDropZone';
import ImagePreview from './ImagePreview';
import ImageSlotActions, { slotButtonId } from './ImageSlotActions';
import { ALT_NAMES, IMAGE_NAMES, type AltName } from './productFormValues';
import { useImageUpload } from './useImageUpload';

/** An image address the server accepts (a path on this site): a seed picture. */
export const IMAGE_EXAMPLE = '/images/products/laptops-1.svg';

/** ProductForm's field: its label, message and rule around the control `control` draws. */
type FieldOf = (name: ProductFormField | AltName, label: string, className: string, control: (props: object) => ReactNode) => ReactNode;

/** The places' addresses and descriptions ('' = empty), in order. */
export interface Pictures {
  images: string[];
  alts: string[];
}

interface ProductImagesProps extends Pictures {
  field: FieldOf;
  thumbnail: string;
  setPictures: (next: Pictures) => void;
  setThumbnail: (src: string) => void;
  /** The places and thumbnail as they are now (an upload ends after the admin may have typed). */
  current: () => Pictures & { thumbnail: string };
}

const filled = (src: string) => src.trim() !== '';
/** The places a form shows at first, filled or not. */
const FIRST_PLACES = 3;
const pad = (list: readonly string[]) => [...list, ...Array<string>(MAX_PRODUCT_IMAGES).fill('')].slice(0, MAX_PRODUCT_IMAGES);

/** The places without the empty ones (their descriptions dropped with them), padded with ''. */
function packed({ images, alts }: Pictures): Pictures {
  const kept = images.map((src, i) => [src, alts[i]] as const).filter(([src]) => filled(src));
  return { images: pad(kept.map(([src]) => src)), alts: pad(kept.map(([, alt]) => alt)) };
}

export default function ProductImages({ field, images, alts, thumbnail, setPictures, setThumbnail, current }: ProductImagesProps) {
  const lastFilled = images.reduce((last, src, i) => (filled(src) ? i + 1 : last), 0);
  const [opened, setOpened] = useState(FIRST_PLACES);
  const shown = Math.min(MAX_PRODUCT_IMAGES, Math.max(opened, lastFilled, 1));
  const focusPlace = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (focusPlace.current === undefined) return;
    document.getElementById(IMAGE_NAMES[focusPlace.current])?.focus();
    focusPlace.current = undefined;
  }, [shown]);
  // A moved or removed image's buttons stay with its old place (disabled there, or acting on
  // another image): the focus goes to the first enabled of these, once the places are redrawn.
  const focusNext = useRef<string[]>([]);
  useEffect(() => {
    const ids = focusNext.current;
    if (ids.length === 0) return;
    focusNext.current = [];
    ids
      .map((id) => document.getElementById(id))
      .find((el) => (el instanceof HTMLButtonElement || el instanceof HTMLInputElement) && !el.disabled)
      ?.focus();
  });

  const free = MAX_PRODUCT_IMAGES - images.filter(filled).length;
  const { state, upload } = useImageUpload(free, (media: UploadedMedia[]) => {
    const now = current();
    const urls = media.map((m) => m.url);
    const next = [...now.images];
    for (const url of urls) {
      const place = next.findIndex((s) => !filled(s));
      if (place >= 0) next[place] = url;
    }
    setPictures({ images: next, alts: now.alts });
    if (!filled(now.thumbnail) && urls.length > 0) setThumbnail(urls[0]);
  });

  function move(index: number, by: -1 | 1) {
    const swap = (list: string[]) => {
      const next = [...list];
      [next[index], next[index + by]] = [next[index + by], next[index]];
      return next;
    };
    setPictures({ images: swap(images), alts: swap(alts) });
    // Its button of the same way at its new place (Enter again moves it on), else the other way.
    const place = index + by + 1;
    focusNext.current = [slotButtonId(place, by === 1 ? 'down' : 'up'), slotButtonId(place, by === 1 ? 'up' : 'down')];
  }

  function remove(index: number) {
    const gone = images[index];
    const next = packed({ images: images.filter((_, i) => i !== index), alts: alts.filter((_, i) => i !== index) });
    setPictures(next);
    setOpened(Math.max(FIRST_PLACES, shown - 1));
    // Remove of the image that took its place, else of the last one left, else the first place.
    const left = next.images.filter(filled).length;
    focusNext.current = [slotButtonId(index + 1, 'remove'), slotButtonId(left, 'remove'), IMAGE_NAMES[0]];
    if (filled(gone) && gone === thumbnail) setThumbnail(next.images[0]);
  }

  function addPlace() {
    focusPlace.current = shown;
    setOpened(shown + 1);
  }

  return (
    <fieldset className="space-y-6 sm:col-span-6" aria-describedby="images-help">
      <legend className="text-sm font-semibold text-gray-900">Pictures</legend>
      <p id="images-help" className="text-sm text-gray-600">
        A thumbnail and one to {MAX_PRODUCT_IMAGES} images, each with an optional description for people who cannot see it. Upload them, or type a path
        on this site into a place (e.g. {IMAGE_EXAMPLE}).
      </p>
      <ImageDropZone state={state} free={free} onFiles={upload} />
      {field('thumbnail', 'Thumbnail', '', (props) => (
        <div className="flex items-start gap-4">
          <Input type="text" placeholder={`e.g. ${IMAGE_EXAMPLE}`} {...props} />
          <ImagePreview src={thumbnail} label="Thumbnail" />
        </div>
      ))}
      <ol className="space-y-6">
        {IMAGE_NAMES.slice(0, shown).map((name, i) => {
          const label = `Image ${i + 1}`;
          return (
            <li key={name} className="space-y-2">
              {field(name, label, '', (props) => (
                <div className="flex flex-wrap items-start gap-4 sm:flex-nowrap">
                  <Input type="text" placeholder={i === 0 ? `e.g. ${IMAGE_EXAMPLE}` : 'Optional'} {...props} />
                  <ImagePreview src={images[i]} label={label} />
                  <ImageSlotActions
                    place={i + 1}
                    count={shown}
                    src={images[i]}
                    isThumbnail={filled(images[i]) && images[i] === thumbnail}
                    onThumbnail={() => setThumbnail(images[i])}
                    onMove={(by) => move(i, by)}
                    onRemove={() => remove(i)}
                  />
                </div>
              ))}
              {field(ALT_NAMES[i], `Describe image ${i + 1}`, '', (props) => (
                <Input type="text" placeholder="Optional: what the picture shows" {...props} />
              ))}
            </li>
          );
        })}
      </ol>
      <Button look="secondary" size="sm" disabled={shown >= MAX_PRODUCT_IMAGES} onClick={addPlace}>
        {shown >= MAX_PRODUCT_IMAGES ? `${MAX_PRODUCT_IMAGES} images: the most a product has` : 'Add an image'}
      </Button>
    </fieldset>
  );
}
