import { describe, expect, it } from 'vitest';
import seed from '../../db.json';
import { checkField } from './fieldRule';
import { checkProductField, isJsonField, LIST_KEYS, NULLABLE_KEYS, PRODUCT_COLUMN, PRODUCT_DEFAULTS, PRODUCT_FORM_RULES, PRODUCT_KEYS, SCALAR_KEYS, productRule } from './productFields';

describe('the product field table', () => {
  it('lists the fields in the data file’s key order', () => {
    const seedKeys = Object.keys(seed.products[0]);
    expect(PRODUCT_KEYS.filter((key) => seedKeys.includes(key))).toEqual(seedKeys);
    expect(PRODUCT_KEYS).toEqual([...seedKeys, 'lowStockThreshold', 'imageAlt']);
  });

  it('names each field’s column', () => {
    expect(PRODUCT_COLUMN.discountPercentage).toBe('discount_percentage');
    expect(PRODUCT_COLUMN.lowStockThreshold).toBe('low_stock_threshold');
    expect(new Set(Object.values(PRODUCT_COLUMN)).size).toBe(PRODUCT_KEYS.length);
  });

  it('sorts the fields into scalars, lists, nullable ones and the images’ descriptions', () => {
    expect(LIST_KEYS).toEqual(['images', 'reviews']);
    expect(NULLABLE_KEYS).toEqual(['lowStockThreshold']);
    expect([...SCALAR_KEYS, ...LIST_KEYS, ...NULLABLE_KEYS, 'imageAlt'].sort()).toEqual([...PRODUCT_KEYS].sort());
    expect(PRODUCT_KEYS.filter(isJsonField)).toEqual(['images', 'reviews', 'imageAlt']);
  });

  it('gives a new product its defaults', () => {
    expect(PRODUCT_DEFAULTS).toEqual({
      rating: 0,
      // Nothing invented: blank details are not shown (a weight of 0 neither; a minimum of 1 is none).
      weight: 0,
      warrantyInformation: '',
      shippingInformation: '',
      returnPolicy: '',
      minimumOrderQuantity: 1,
      reviews: [],
      deleted: false,
    });
  });

  it('gives the form its fields (images as image1–image12) with their validation messages', () => {
    expect(Object.keys(PRODUCT_FORM_RULES)).toEqual([
      'title',
      'description',
      'price',
      'discountPercentage',
      'stock',
      'thumbnail',
      'image1',
      'image2',
      'image3',
      'image4',
      'image5',
      'image6',
      'image7',
      'image8',
      'image9',
      'image10',
      'image11',
      'image12',
      'brand',
      'category',
      'weight',
      'warrantyInformation',
      'shippingInformation',
      'returnPolicy',
      'minimumOrderQuantity',
      'lowStockThreshold',
    ]);
    // The details may be left blank.
    expect(checkField('', PRODUCT_FORM_RULES.warrantyInformation)).toBeUndefined();
    expect(checkField('', PRODUCT_FORM_RULES.weight)).toBeUndefined();
    expect(checkField('-1', PRODUCT_FORM_RULES.weight)).toBe('Weight must be at least 0');
    // A product needs one image: Image 1 is required, Image 2 to 12 may be blank.
    expect(checkField('', PRODUCT_FORM_RULES.image1)).toBe('Image 1 is required');
    expect(checkField('', PRODUCT_FORM_RULES.image2)).toBeUndefined();
    expect(checkField('', productRule('images', 'image3')!)).toBeUndefined();
    expect(checkField('x'.repeat(501), PRODUCT_FORM_RULES.image3)).toBe('Image 3 must be at most 500 characters');
    expect(checkField('', PRODUCT_FORM_RULES.image12)).toBeUndefined();
    expect(checkField('x'.repeat(501), PRODUCT_FORM_RULES.image12)).toBe('Image 12 must be at most 500 characters');
    expect(checkField('0', PRODUCT_FORM_RULES.price)).toBe('Price must be at least 1');
    expect(checkField('abc', PRODUCT_FORM_RULES.price)).toBe('Price must be a number');
    // Whole cents: checkProductField, as the form and the server check it.
    expect(checkProductField('19.999', PRODUCT_FORM_RULES.price)).toBe('Price must have at most 2 decimals');
    expect(checkProductField(1.15, PRODUCT_FORM_RULES.price)).toBeUndefined();
    expect(checkProductField('19.99', PRODUCT_FORM_RULES.price)).toBeUndefined();
    expect(checkProductField('7.125', PRODUCT_FORM_RULES.discountPercentage)).toBeUndefined();
    expect(checkField('2.5', PRODUCT_FORM_RULES.stock)).toBe('Stock must be a whole number');
    expect(checkField('2147483648', PRODUCT_FORM_RULES.stock)).toBe('Stock must be at most 2147483647');
    expect(checkField('x'.repeat(2001), PRODUCT_FORM_RULES.description)).toBe('Description must be at most 2000 characters');
    // A cart line holds 1 to 6: a larger minimum could never be ordered.
    expect(checkField('7', productRule('minimumOrderQuantity')!)).toBe('Minimum order quantity must be at most 6');
    expect(checkField('6', productRule('minimumOrderQuantity')!)).toBeUndefined();
    expect(productRule('rating')).toBeUndefined();
  });
});
