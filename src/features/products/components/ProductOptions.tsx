import { Label, Radio, RadioGroup } from '@headlessui/react';
import { useState } from 'react';

// SPEC §2: static choices, sent nowhere.
const COLORS = [
  { name: 'White', swatch: 'bg-white' },
  { name: 'Gray', swatch: 'bg-gray-300' },
  { name: 'Black', swatch: 'bg-gray-900' },
];
const SIZES = [
  { name: 'XXS', inStock: false },
  { name: 'XS', inStock: true },
  { name: 'S', inStock: true },
  { name: 'M', inStock: true },
  { name: 'L', inStock: true },
  { name: 'XL', inStock: true },
  { name: '2XL', inStock: true },
  { name: '3XL', inStock: true },
];

export default function ProductOptions() {
  const [color, setColor] = useState(COLORS[0].name);
  const [size, setSize] = useState('M');
  return (
    <div className="space-y-6">
      <RadioGroup value={color} onChange={setColor}>
        <Label as="h3" className="text-sm font-medium text-gray-900">
          Color
        </Label>
        <div className="mt-3 flex items-center gap-3">
          {COLORS.map((option) => (
            <Radio
              key={option.name}
              value={option.name}
              aria-label={option.name}
              className="relative flex cursor-pointer items-center justify-center rounded-full p-0.5 ring-gray-700 focus:outline-none data-checked:ring-2 data-focus:ring-2 data-focus:ring-brand-600 data-focus:ring-offset-1"
            >
              <span aria-hidden="true" className={`size-8 rounded-full border border-black/20 ${option.swatch}`} />
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <RadioGroup value={size} onChange={setSize}>
        <Label as="h3" className="text-sm font-medium text-gray-900">
          Size
        </Label>
        <div className="mt-3 grid grid-cols-4 gap-3 sm:grid-cols-8">
          {SIZES.map((option) => (
            <Radio
              key={option.name}
              value={option.name}
              disabled={!option.inStock}
              aria-label={option.inStock ? option.name : `${option.name}, out of stock`}
              className="group relative flex cursor-pointer items-center justify-center rounded-md border border-gray-300 bg-white px-3 py-3 text-sm font-medium text-gray-900 uppercase hover:bg-gray-50 focus:outline-none data-checked:border-transparent data-checked:bg-brand-600 data-checked:text-white data-disabled:cursor-not-allowed data-disabled:bg-gray-50 data-disabled:text-gray-500 data-focus:ring-2 data-focus:ring-brand-600 data-focus:ring-offset-1"
            >
              <span aria-hidden="true" className="group-data-disabled:line-through">
                {option.name}
              </span>
            </Radio>
          ))}
        </div>
        <p className="mt-2 text-xs text-gray-600">XXS is out of stock.</p>
      </RadioGroup>
    </div>
  );
}
