import { describe, expect, it } from 'vitest';
import { gridFromProduct, gridRows, optionsInput, removeOption, rowLabel, setCell, skuBaseOfVariant, suggestSku, variantsInput, type GridState } from './variantGrid';
import { checkGrid } from './variantGridCheck';

const boots = {
  options: [{ name: 'Size', values: ['42', '43'] }],
  variants: [
    { id: 1, sku: 'BOOT-42', options: { Size: '42' }, price: null, discountPercentage: null, stock: 3 },
    { id: 2, sku: 'BOOT-43', options: { Size: '43' }, price: 120, discountPercentage: 5, stock: 0 },
  ],
};

describe('the variant grid', () => {
  it('is every combination of the options, first option slowest, saved variants keeping their cells', () => {
    const state: GridState = { ...gridFromProduct(boots), options: [{ name: 'Size', values: '42, 43, 44' }, { name: 'Colour', values: 'Black, Brown' }] };
    const rows = gridRows(state, 'BOOT');
    expect(rows.map((r) => r.values)).toEqual([['42', 'Black'], ['42', 'Brown'], ['43', 'Black'], ['43', 'Brown'], ['44', 'Black'], ['44', 'Brown']]);
    // An added option: the first combination keeps the saved variant (id, SKU, stock); the others copy its price.
    expect(rows[0]).toMatchObject({ id: 1, sku: 'BOOT-42', stock: '3' });
    expect(rows[1]).toMatchObject({ sku: 'BOOT-42-BROWN', price: '', stock: '0' });
    expect(rows[1].id).toBeUndefined();
    expect(rows[2]).toMatchObject({ id: 2, sku: 'BOOT-43', price: '120', discountPercentage: '5', stock: '0' });
    expect(rows[3]).toMatchObject({ sku: 'BOOT-43-BROWN', price: '120', discountPercentage: '5' });
    expect(rows[4]).toMatchObject({ sku: 'BOOT-44-BLACK', price: '' });
    expect(rowLabel(state.options, rows[5].values)).toBe('Size 44, Brown');
  });

  it('keeps typed cells when an option is renamed or a value goes and comes back; removing an option keeps the first rows', () => {
    let state = gridFromProduct(boots);
    state = setCell(state, gridRows(state, 'B')[1], 'stock', '9');
    state = { ...state, options: [{ name: 'Shoe size', values: '42' }] };
    expect(gridRows(state, 'B')).toHaveLength(1);
    state = { ...state, options: [{ name: 'Shoe size', values: '42, 43' }] };
    expect(gridRows(state, 'B')[1]).toMatchObject({ id: 2, stock: '9' });
    state = { ...state, options: [...state.options, { name: 'Colour', values: 'Red, Blue' }] };
    state = setCell(state, gridRows(state, 'B')[1], 'sku', 'B-42-BLUE');
    state = removeOption(state, 0, 'B');
    expect(gridRows(state, 'B').map((r) => [r.values, r.id, r.sku])).toEqual([
      [['Red'], 1, 'BOOT-42'],
      [['Blue'], undefined, 'B-42-BLUE'],
    ]);
    // An option still without values adds no column.
    expect(gridRows({ ...state, options: [...state.options, { name: 'Fit', values: ' , ' }] }, 'B')).toHaveLength(2);
  });

  it('hands a saved variant to one combination only, also once every row has been typed into', () => {
    const plain = { options: [], variants: [{ id: 9, sku: 'SKU-9', options: {}, price: null, discountPercentage: null, stock: 4 }] };
    let state: GridState = { ...gridFromProduct(plain), options: [{ name: 'Size', values: '40, 41, 42' }] };
    for (const i of [0, 1, 2]) state = setCell(state, gridRows(state, 'SKU-9')[i], 'stock', String(i + 1));
    const rows = gridRows(state, 'SKU-9');
    expect(rows.map((r) => [r.id, r.sku, r.stock])).toEqual([
      [9, 'SKU-9', '1'],
      [undefined, 'SKU-9-41', '2'],
      [undefined, 'SKU-9-42', '3'],
    ]);
  });

  it("sends the options and each variant's cells as numbers, blank price or discount as the product's (null)", () => {
    const state = gridFromProduct(boots);
    const rows = gridRows(state, 'B');
    expect(optionsInput({ ...state, options: [{ name: ' Size ', values: '42,  43 ,' }] })).toEqual([{ name: 'Size', values: ['42', '43'] }]);
    expect(variantsInput(state, rows)).toEqual([
      { id: 1, sku: 'BOOT-42', options: { Size: '42' }, price: null, discountPercentage: null, stock: 3 },
      { id: 2, sku: 'BOOT-43', options: { Size: '43' }, price: 120, discountPercentage: 5, stock: 0 },
    ]);
  });

  it('checks each cell and option with the messages and field keys of the server', () => {
    let state: GridState = { options: [{ name: 'Size', values: '42, 43, 42' }, { name: 'size', values: '' }], cells: {} };
    expect(checkGrid(state, gridRows(state, 'B'))).toEqual({
      'options.0.values': 'Size has a value twice',
      'options.1.name': 'The option size is given twice',
      'options.1.values': 'size must have 1 to 30 values',
    });
    state = { options: [{ name: 'Size', values: '42, 43, 44' }], cells: {} };
    const [a, b, c] = gridRows(state, 'B');
    state = setCell(state, a, 'sku', ' ');
    state = setCell(state, b, 'stock', '1.5');
    state = setCell(setCell(state, c, 'price', '0'), { ...c, price: '0' }, 'discountPercentage', '101');
    // Row 1: another SKU the same as row 2's suggested one, and a negative stock.
    state = setCell(state, { ...gridRows(state, 'B')[1], sku: 'B-44' }, 'stock', '-1');
    const errors = checkGrid(state, gridRows(state, 'B'));
    expect(errors).toEqual({
      'variants.0.sku': 'SKU must be 1 to 64 characters',
      'variants.1.stock': 'Stock must be a whole number of 0 or more',
      'variants.2.sku': 'SKU B-44 is given twice',
      'variants.2.price': expect.stringContaining('Price'),
      'variants.2.discountPercentage': expect.stringContaining('Discount Percentage'),
    });
  });
});

describe('the SKU base of a saved product', () => {
  it("is its first variant's SKU without the values it ends with, so a new value's SKU follows the others", () => {
    const base = skuBaseOfVariant('QA-TEST-SNEAKER-42-BLACK', ['42', 'Black']);
    expect(base).toBe('QA-TEST-SNEAKER');
    expect(suggestSku(base, ['44', 'White'])).toBe('QA-TEST-SNEAKER-44-WHITE');
    expect(skuBaseOfVariant('SKU-5-40', ['40'])).toBe('SKU-5');
    // A SKU of its own (not base + values) is kept whole; a product without options has no values.
    expect(skuBaseOfVariant('CUSTOM-1', ['42'])).toBe('CUSTOM-1');
    expect(skuBaseOfVariant('SKU-7', [])).toBe('SKU-7');
  });
});
