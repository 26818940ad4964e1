// The product form's pictures: a thumbnail and up to three images, each a path on this site.
// Images are uploaded (button or drop: they fill the empty places) or typed as a path; each
// place can be made the thumbnail, moved up or down, or cleared. Alt text is not stored per
// image: the shop names each by the product's title and its place ("Lamp, image 2 of 3").
import type { ReactNode } from 'react';
import type { UploadedMedia } from '../../../domain/media';
import { Input } from '../../../components/controls';
import ImageDropZone from './ImageDropZone';
import ImagePreview from './ImagePreview';
import ImageSlotActions from './ImageSlotActions';
import { useImageUpload } from './useImageUpload';

export type ImageName = 'image1' | 'image2' | 'image3';
export const IMAGE_NAMES: readonly ImageName[] = ['image1', 'image2', 'image3'];

/** An image address the server accepts (a path on this site): a seed picture. */
export const IMAGE_EXAMPLE = '/images/products/laptops-1.svg';

/** ProductForm's field: its label, message and rule around the control `control` draws. */
type FieldOf = (name: 'thumbnail' | ImageName, label: string, className: string, control: (props: object) => ReactNode) => ReactNode;

interface ProductImagesProps {
  field: FieldOf;
  /** The three places' addresses ('' = empty), in order. */
  images: readonly string[];
  thumbnail: string;
  setImages: (images: string[]) => void;
  setThumbnail: (src: string) => void;
  /** The places and thumbnail as they are now (an upload ends after the admin may have typed). */
  current: () => { images: string[]; thumbnail: string };
}

/** `images` without blanks, padded with '' to the three places. */
const packed = (images: readonly string[]) => [...images.filter((s) => s.trim() !== ''), '', '', ''].slice(0, IMAGE_NAMES.length);

export default function ProductImages({ field, images, thumbnail, setImages, setThumbnail, current }: ProductImagesProps) {
  const free = images.filter((s) => s.trim() === '').length;
  const { state, upload } = useImageUpload(free, (media: UploadedMedia[]) => {
    const now = current();
    const urls = media.map((m) => m.url);
    const next = [...now.images];
    for (const url of urls) {
      const place = next.findIndex((s) => s.trim() === '');
      if (place >= 0) next[place] = url;
    }
    setImages(next);
    if (now.thumbnail.trim() === '' && urls.length > 0) setThumbnail(urls[0]);
  });

  function move(index: number, by: -1 | 1) {
    const next = [...images];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    setImages(next);
  }

  function remove(index: number) {
    const gone = images[index];
    const next = packed(images.filter((_, i) => i !== index));
    setImages(next);
    if (gone.trim() !== '' && gone === thumbnail) setThumbnail(next[0]);
  }

  const preview = (src: string, label: string) => <ImagePreview src={src} label={label} />;

  return (
    <fieldset className="space-y-6 sm:col-span-6" aria-describedby="images-help">
      <legend className="text-sm font-semibold text-gray-900">Pictures</legend>
      <p id="images-help" className="text-sm text-gray-600">
        A thumbnail and one to three images. Upload them, or type a path on this site into a place (e.g. {IMAGE_EXAMPLE}).
      </p>
      <ImageDropZone state={state} free={free} onFiles={upload} />
      {field('thumbnail', 'Thumbnail', '', (props) => (
        <div className="flex items-start gap-4">
          <Input type="text" placeholder={`e.g. ${IMAGE_EXAMPLE}`} {...props} />
          {preview(thumbnail, 'Thumbnail')}
        </div>
      ))}
      <ol className="space-y-6">
        {IMAGE_NAMES.map((name, i) => {
          const label = `Image ${i + 1}`;
          return (
            <li key={name}>
              {field(name, label, '', (props) => (
                <div className="flex flex-wrap items-start gap-4 sm:flex-nowrap">
                  <Input type="text" placeholder={i === 0 ? `e.g. ${IMAGE_EXAMPLE}` : 'Optional'} {...props} />
                  {preview(images[i], label)}
                  <ImageSlotActions
                    place={i + 1}
                    count={IMAGE_NAMES.length}
                    src={images[i]}
                    isThumbnail={images[i].trim() !== '' && images[i] === thumbnail}
                    onThumbnail={() => setThumbnail(images[i])}
                    onMove={(by) => move(i, by)}
                    onRemove={() => remove(i)}
                  />
                </div>
              ))}
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
