// The product form's rules of every field but price, discount and stock (the details' numbers,
// every text's length), each with its own message, refused at its field before anything is sent.
// (Apart from ProductFormScreen.rules.test.tsx: each case fills the whole form.)
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, fill, messageOf, openNewForm, VALID } from '../../../test/productForm';
import { brokenValues } from '../../../test/productFormRules';
import { sent } from '../../../test/utils';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductFormScreen, the rules of the other fields of a new product', () => {
  const broken = brokenValues('others');

  it('checks the length of every text the form shows and the details’ numbers', () => {
    expect(broken.map((b) => b.name)).toEqual(expect.arrayContaining(['title', 'description', 'thumbnail', 'image1', 'image3', 'returnPolicy', 'weight', 'lowStockThreshold']));
  });

  it.each(broken)('$name = $shown shows “$message”', async ({ name, value, message }) => {
    const mock = api();
    const user = userEvent.setup();
    await openNewForm();
    await fill(user, { ...VALID, [name]: value });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf(name)).toBe(message));
    expect(sent(mock, 'POST /api/products')).toHaveLength(0);
  });
});
