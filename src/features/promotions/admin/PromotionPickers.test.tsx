import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Promotion } from '../../../domain/checkout';
import { calls, jsonResponse, stubFetch } from '../../../test/utils';
import PromotionForm from './PromotionForm';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CATEGORIES = [
  { id: 1, value: 'smartphones', label: 'Smartphones' },
  { id: 2, value: 'home-decoration', label: 'Home Decoration' },
];
const PRODUCTS = [
  { id: 1, title: 'iPhone 15' },
  { id: 7, title: 'iPad Air' },
  { id: 9, title: 'Galaxy S24' },
];

function stubProducts() {
  return stubFetch({
    'GET /api/products': ({ url }) => {
      const ids = url.searchParams.getAll('id').map(Number);
      const like = (url.searchParams.get('title_like') ?? '').toLowerCase();
      return jsonResponse(ids.length > 0 ? PRODUCTS.filter((p) => ids.includes(p.id)) : PRODUCTS.filter((p) => p.title.toLowerCase().includes(like)));
    },
  });
}

describe('PromotionForm: categories and products chosen by name', () => {
  it('picks a category and products from suggestions, shows them as removable chips, and saves their values and ids', async () => {
    const fetch = stubProducts();
    const save = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(<PromotionForm categories={CATEGORIES} save={save} onCancel={() => undefined} />);
    await user.type(screen.getByLabelText('Name'), 'Spring');
    await user.type(screen.getByLabelText('Label (the discount line, at most 60 characters)'), '10% off');
    await user.type(screen.getByLabelText('Value (% off)'), '10');

    await user.type(screen.getByRole('combobox', { name: 'Categories' }), 'home');
    await user.click(await screen.findByRole('option', { name: 'Home Decoration' }));
    expect(within(screen.getByRole('list', { name: 'Categories chosen' })).getByText('Home Decoration')).toBeInTheDocument();

    const products = screen.getByRole('combobox', { name: 'Products' });
    await user.type(products, 'ipad');
    await screen.findByRole('option', { name: 'iPad Air' });
    expect(calls(fetch)).toContain('GET /api/products?title_like=ipad&_limit=10');
    // The keyboard alone: the suggestion typed to is the active one, Enter picks it.
    await user.keyboard('{Enter}');
    await user.clear(products);
    await user.type(products, 'galaxy');
    await user.click(await screen.findByRole('option', { name: 'Galaxy S24' }));
    const chips = screen.getByRole('list', { name: 'Products chosen' });
    expect(within(chips).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['iPad Air', 'Galaxy S24']);
    await user.click(within(chips).getByRole('button', { name: 'Remove iPad Air' }));

    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0][0]).toMatchObject({ categories: ['home-decoration'], products: [9] });
  });

  it("an edited promotion's chosen products and categories show by name", async () => {
    const fetch = stubProducts();
    const promotion = { id: 3, name: 'Old', label: 'x', kind: 'percentage', value: 5, categories: ['smartphones'], products: [7], code: null } as unknown as Promotion;
    render(<PromotionForm promotion={promotion} categories={CATEGORIES} save={vi.fn()} onCancel={() => undefined} />);
    expect(within(screen.getByRole('list', { name: 'Categories chosen' })).getByText('Smartphones')).toBeInTheDocument();
    expect(await within(screen.getByRole('list', { name: 'Products chosen' })).findByText('iPad Air')).toBeInTheDocument();
    expect(calls(fetch)).toContain('GET /api/products?id=7');
  });
});
