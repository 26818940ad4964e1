import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toNumber } from './fieldRule';
import { csvRowToBody, fromCsvText, plainNumber, PRODUCT_CSV_COLUMNS, productCsvCells, toCsvText } from './productCsv';
import { fieldSpec, PRODUCT_KEYS, type Product } from './productFields';

/** Any text the shop can hold: whole code points (no lone surrogates), no NUL. */
const anyText = fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => !s.includes('\0'));
const FORMULA_FIRST = ['=', '+', '-', '@', '\t', '\r'];

describe('the CSV text encoding', () => {
  it('imports back exactly what it exported, for any text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(fromCsvText(toCsvText(text))).toBe(text);
      }),
    );
  });

  it('never exports a cell a spreadsheet would run as a formula', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORMULA_FIRST, "'"), anyText, (first, rest) => {
        const cell = toCsvText(first + rest);
        expect(cell).toBe(`'${first}${rest}`);
        expect(FORMULA_FIRST).not.toContain(cell[0]);
      }),
    );
  });

  it.each([
    ['=SUM(1)', "'=SUM(1)"],
    ["'=SUM(1)", "''=SUM(1)"],
    ["'", "''"],
    ["it's", "it's"],
    ['-5 °C', "'-5 °C"],
    ['\tTab', "'\tTab"],
    ['Plain', 'Plain'],
    ['', ''],
  ])('%j goes out as %j and comes back', (text, cell) => {
    expect(toCsvText(text)).toBe(cell);
    expect(fromCsvText(cell)).toBe(text);
  });

  it('reads an apostrophe typed first in a cell as a text marker', () => {
    expect(fromCsvText("'0042")).toBe('0042');
    expect(fromCsvText("''")).toBe("'");
  });
});

describe('a number in the CSV', () => {
  it('is written as a plain decimal the import reads back to the same number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const cell = String(plainNumber(n));
        expect(cell).toMatch(/^-?\d+(\.\d+)?$/);
        expect(toNumber(cell)).toBe(n === 0 ? 0 : n); // -0 is written as 0
      }),
    );
  });

  it.each([
    [19.99, 19.99],
    [1e-7, '0.0000001'],
    [1.5e-10, '0.00000000015'],
    [1e21, '1000000000000000000000'],
    [-2.5e22, '-25000000000000000000000'],
  ])('%d as %j', (n, cell) => expect(plainNumber(n)).toBe(cell));
});

const lamp: Product = {
  id: 7,
  title: "'=SUM(1)",
  description: '=HYPERLINK("http://evil.example")',
  price: 19.99,
  discountPercentage: 12.5,
  stock: 3,
  thumbnail: '/images/lamp.webp',
  images: ['/images/1.webp', "/images/'2.webp"],
  brand: '@brand',
  category: '+lamps',
  rating: 4.5,
  weight: 1.25,
  warrantyInformation: '1 year warranty',
  shippingInformation: '-Ships in 3-5 business days',
  returnPolicy: '',
  minimumOrderQuantity: 2,
  reviews: [],
  deleted: true,
};

describe('a product in the CSV', () => {
  it('has every CSV field of the table under its column(s), and no other column', () => {
    const fromTable = PRODUCT_KEYS.filter((key) => fieldSpec(key).csv).flatMap((key) => fieldSpec(key).spread ?? [key]);
    expect([...PRODUCT_CSV_COLUMNS].sort()).toEqual(fromTable.sort());
  });

  it('is exported cell by cell in the columns’ order', () => {
    expect(productCsvCells(lamp)).toEqual([
      7,
      "''=SUM(1)",
      `'=HYPERLINK("http://evil.example")`,
      19.99,
      12.5,
      3,
      "'@brand",
      "'+lamps",
      '/images/lamp.webp',
      '/images/1.webp',
      "/images/'2.webp",
      '',
      ...Array(9).fill(''),
      1.25,
      '1 year warranty',
      "'-Ships in 3-5 business days",
      '',
      2,
      '',
      true,
      4.5,
    ]);
    expect(productCsvCells({ ...lamp, lowStockThreshold: 0, deleted: undefined })[26]).toBe(0);
    expect(productCsvCells({ ...lamp, deleted: undefined })[27]).toBe(false);
  });

  it('is read back as the body that gives the same fields (not the id, not the rating)', () => {
    const record = Object.fromEntries(PRODUCT_CSV_COLUMNS.map((column, i) => [column, String(productCsvCells(lamp)[i])]));
    expect(csvRowToBody(record, true)).toEqual({
      title: lamp.title,
      description: lamp.description,
      price: '19.99',
      discountPercentage: '12.5',
      stock: '3',
      brand: '@brand',
      category: '+lamps',
      thumbnail: '/images/lamp.webp',
      image1: '/images/1.webp',
      image2: "/images/'2.webp",
      weight: '1.25',
      warrantyInformation: '1 year warranty',
      shippingInformation: '-Ships in 3-5 business days',
      minimumOrderQuantity: '2',
      deleted: true,
    });
    // A new product's empty cells are sent, for the rules to say what is missing.
    expect(csvRowToBody({ id: '', title: '', deleted: 'maybe' }, false)).toEqual({ title: '', deleted: 'maybe' });
    // An optional field's empty cell is no value: a new product gets its default.
    expect(csvRowToBody({ id: '', title: 'Lamp', lowStockThreshold: '', deleted: '' }, false)).toEqual({ title: 'Lamp' });
  });
});
