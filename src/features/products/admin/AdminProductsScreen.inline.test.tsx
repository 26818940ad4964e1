import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, jsonResponse, renderWithProviders, sent, stubFetch } from '../../../test/utils';
import type { ProductTableRow } from '../../../domain/productTable';
import AdminProductsScreen from './AdminProductsScreen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const LAMP: ProductTableRow = {
  id: 1,
  title: 'Desk Lamp',
  thumbnail: '/images/1.webp',
  brand: 'Nordhus',
  category: 'lighting',
  price: 22.5,
  discountPercentage: 0,
  salePrice: 22.5,
  stock: 67,
  deleted: false,
  options: [],
  variants: [{ id: 10, sku: 'LAMP-1', options: {}, price: null, discountPercentage: null, stock: 67 }],
  lastChangedAt: null,
};

/** The products table's API, keeping what the inline fields save; holdReads() keeps its reads waiting until released. */
function tableServer() {
  const lamp = { ...LAMP };
  let held: Promise<void> | undefined;
  const holdReads = () => {
    let release = () => {};
    held = new Promise<void>((resolve) => (release = resolve));
    return release;
  };
  const mock = stubFetch({
    'GET /api/admin/products': async () => {
      await held;
      return jsonResponse([lamp], 200, { 'X-Total-Count': '1' });
    },
    'GET /api/categories': () => jsonResponse([]),
    'GET /api/brands': () => jsonResponse([]),
    'GET /api/products/facets': () => jsonResponse({ total: 1, categories: [], brands: [], price: null, inStock: 1 }),
    'PATCH /api/products/1': ({ body }) => {
      for (const [key, value] of Object.entries(body as Record<string, string>)) Object.assign(lamp, { [key]: Number(value) });
      return jsonResponse(lamp);
    },
  });
  return { mock, holdReads };
}

const open = () => renderWithProviders(<AdminProductsScreen />, { route: '/admin/products' });
const saveButton = (name: string) => screen.queryByRole('button', { name: `Save ${name}` });
const tableLoads = (mock: ReturnType<typeof stubFetch>) => calls(mock).filter((c) => c.startsWith('GET /api/admin/products')).length;

describe('the products table’s inline numbers', () => {
  it('the stored number written another way ("22.50", "067") is no change: no Save, and Enter shows it as stored', async () => {
    const { mock } = tableServer();
    const user = userEvent.setup();
    open();
    const price = await screen.findByLabelText('Price of Desk Lamp');
    await user.clear(price);
    await user.type(price, '22.50');
    expect(saveButton('price of Desk Lamp')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(price).toHaveValue('22.5');

    const stock = screen.getByLabelText('Stock of Desk Lamp');
    await user.clear(stock);
    await user.type(stock, '067{Enter}');
    expect(stock).toHaveValue('67');
    expect(saveButton('stock of Desk Lamp')).not.toBeInTheDocument();
    expect(sent(mock, 'PATCH /api/products/1')).toEqual([]);
  });

  it('once saved, the field shows the number as stored with no Save left, and Save hands the focus back to the field', async () => {
    const { mock, holdReads } = tableServer();
    const user = userEvent.setup();
    open();
    const price = await screen.findByLabelText('Price of Desk Lamp');
    const release = holdReads();
    await user.clear(price);
    await user.type(price, '24.50');
    await user.click(saveButton('price of Desk Lamp')!);

    // Saved: the stored number, before the table is read again.
    await waitFor(() => expect(price).toHaveValue('24.5'));
    expect(saveButton('price of Desk Lamp')).not.toBeInTheDocument();
    expect(price).toHaveFocus();
    expect(sent(mock, 'PATCH /api/products/1')).toEqual([{ price: '24.50' }]);
    release();
    await waitFor(() => expect(tableLoads(mock)).toBe(2));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Products table' })).toHaveAttribute('aria-busy', 'false'));
    expect(price).toHaveValue('24.5');
    expect(price).toHaveFocus();

    // Saving again what is stored writes nothing.
    await user.keyboard('{Enter}');
    expect(sent(mock, 'PATCH /api/products/1')).toHaveLength(1);
    expect(tableLoads(mock)).toBe(2);
  });
});
