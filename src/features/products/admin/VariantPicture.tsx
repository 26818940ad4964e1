import { Select } from '../../../components/controls';
import { pictureOf, setPicture, type GridRow, type GridState } from './variantGrid';

interface VariantPictureProps {
  id: string;
  /** The row's name ("Size 44, Black"), for the select's label. */
  label: string;
  row: GridRow;
  state: GridState;
  /** The product's images as the form has them now. */
  images: readonly string[];
  error?: string;
  onChange: (state: GridState) => void;
}

/** A variant's picture (a colour's): one of the product's images, or none (the product page shows the product's). */
export default function VariantPicture({ id, label, row, state, images, error, onChange }: VariantPictureProps) {
  return (
    <div className="col-span-2 sm:col-span-1">
      <label htmlFor={id} className="block text-xs font-medium text-gray-700 sm:sr-only">
        Picture<span className="sr-only"> for {label}</span>
      </label>
      <Select
        id={id}
        compact
        className="mt-1 w-full sm:mt-0"
        value={pictureOf(row, images)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(setPicture(state, row, e.target.value === '' ? null : e.target.value))}
      >
        <option value="">None</option>
        {images.map((src, i) => (
          <option key={src + i} value={src}>
            Image {i + 1}
          </option>
        ))}
      </Select>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
