import { describe, expect, it } from 'vitest';
import { product } from '../../../test/utils';
import { toFieldErrors, toFormValues, toProductInput, EMPTY_PRODUCT_FORM } from './productFormValues';

describe('toProductInput', () => {
  it('converts the numbers and gathers the image places into images', () => {
    const input = toProductInput({
      ...EMPTY_PRODUCT_FORM,
      title: ' Lamp ',
      price: '19.99',
      discountPercentage: '0',
      stock: '3',
      image1: '/a.svg',
      image2: '/b.svg',
      image3: '/c.svg',
    });
    expect(input).toMatchObject({ title: 'Lamp', price: 19.99, discountPercentage: 0, stock: 3 });
    expect(input.images).toEqual(['/a.svg', '/b.svg', '/c.svg']);
    expect(input.lowStockThreshold).toBe(5);
  });

  it('sends the places filled, in order, each with its description; a product’s descriptions come back to their places', () => {
    const input = toProductInput({ ...EMPTY_PRODUCT_FORM, image1: '/a.svg', alt1: ' Front ', image3: '/c.svg', alt2: 'lost with its empty place', image12: '/l.svg', alt12: 'Last' });
    expect(input.images).toEqual(['/a.svg', '/c.svg', '/l.svg']);
    expect(input.imageAlt).toEqual(['Front', '', 'Last']);
    expect(toProductInput({ ...EMPTY_PRODUCT_FORM, image1: '/a.svg' }).imageAlt).toEqual([]);
    const values = toFormValues(product({ id: 5, images: ['/a.svg', '/b.svg'], imageAlt: ['', 'Back'] }));
    expect([values.image1, values.alt1, values.image2, values.alt2, values.image3, values.alt3]).toEqual(['/a.svg', '', '/b.svg', 'Back', '', '']);
  });

  it('round-trips the low stock threshold, 5 when the product has none', () => {
    expect(EMPTY_PRODUCT_FORM.lowStockThreshold).toBe('5');
    const withOwn = product({ id: 3, lowStockThreshold: 12 });
    expect(toFormValues(withOwn).lowStockThreshold).toBe('12');
    expect(toProductInput(toFormValues(withOwn)).lowStockThreshold).toBe(12);
    const without = product({ id: 4 });
    delete without.lowStockThreshold;
    expect(toFormValues(without).lowStockThreshold).toBe('5');
  });
});

describe('toFieldErrors', () => {
  it('puts each server error on its form field, image errors included', () => {
    expect(
      toFieldErrors({
        title: 'title is required',
        'images.2': 'bad third image',
        'images[1]': 'bad second image',
        image1: 'bad first image',
        'images.11': 'bad twelfth image',
        'imageAlt.3': 'Description of image 4 must be at most 200 characters',
        sku: 'SKU is taken',
      }),
    ).toEqual({
      fields: {
        title: 'title is required',
        image3: 'bad third image',
        image2: 'bad second image',
        image1: 'bad first image',
        image12: 'bad twelfth image',
        alt4: 'Description of image 4 must be at most 200 characters',
      },
      other: ['SKU is taken'],
    });
  });

  it('shows an error on the whole images list on Image 1', () => {
    expect(toFieldErrors({ images: 'images must be a list' }).fields).toEqual({ image1: 'images must be a list' });
  });

  it('copes with no errors', () => {
    expect(toFieldErrors(undefined)).toEqual({ fields: {}, other: [] });
  });
});
