import { describe, expect, it } from 'vitest';
import { product } from '../../../test/utils';
import { toFieldErrors, toFormValues, toProductInput, EMPTY_PRODUCT_FORM } from './productFormValues';

describe('toProductInput', () => {
  it('converts the numbers and gathers image1–3 into images', () => {
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
        sku: 'SKU is taken',
      }),
    ).toEqual({
      fields: {
        title: 'title is required',
        image3: 'bad third image',
        image2: 'bad second image',
        image1: 'bad first image',
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
