// The product form's rules of price, discount and stock, each with its own message, refused at
// its field before anything is sent; the limits themselves pass. (Apart from
// ProductFormScreen.test.tsx, the other fields' in .lengths.test.tsx: each case fills the whole form.)
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, fill, messageOf, openNewForm, product, VALID } from '../../../test/productForm';
import { brokenValues } from '../../../test/productFormRules';
import { jsonResponse, sent } from '../../../test/utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductFormScreen, the price, discount and stock rules of a new product', () => {
  const broken = brokenValues('price and stock');

  it('knows the ranges of the product form: price 1–10000 in whole cents, discount 0–100, stock a whole number', () => {
    expect(broken.map((b) => b.message)).toEqual(
      expect.arrayContaining([
        'Price must be at least 1',
        'Price must be at most 10000',
        'Discount Percentage must be at least 0',
        'Discount Percentage must be at most 100',
        'Stock must be a whole number',
        'Price must have at most 2 decimals',
      ]),
    );
  });

  it.each(broken)(
    '$name = $shown shows “$message”',
    async ({ name, value, message }) => {
      const mock = api();
      const user = userEvent.setup();
      await openNewForm();
      await fill(user, { ...VALID, [name]: value });
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(messageOf(name)).toBe(message));
      expect(sent(mock, 'POST /api/products')).toHaveLength(0);
    },
  );

  it('accepts the range limits themselves', async () => {
    const mock = api({ 'POST /api/products': () => jsonResponse({ ...product, id: 1 }, 201) });
    const user = userEvent.setup();
    await openNewForm();
    await fill(user, { ...VALID, price: '10000', discountPercentage: '0', stock: '0' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(mock, 'POST /api/products')).toHaveLength(1));
  });
});
