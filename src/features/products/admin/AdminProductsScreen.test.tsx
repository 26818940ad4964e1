import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, jsonResponse, renderWithProviders, sent, stubFetch } from '../../../test/utils';
import type { ProductTableRow } from '../../../domain/productTable';
import AdminProductsScreen from './AdminProductsScreen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const row = (id: number, title: string, overrides: Partial<ProductTableRow> = {}): ProductTableRow => ({
  id,
  title,
  thumbnail: `/images/${id}.webp`,
  brand: 'Apple',
  category: 'smartphones',
  price: 100 * id,
  discountPercentage: 0,
  salePrice: 100 * id,
  stock: 5,
  deleted: false,
  options: [],
  variants: [{ id: id * 10, sku: `SKU-${id}`, options: {}, price: null, discountPercentage: null, stock: 5 }],
  lastChangedAt: null,
  ...overrides,
});

const BOOTS = row(3, 'Chelsea Boots', {
  stock: 3,
  options: [{ name: 'Size', values: ['42', '43'] }],
  variants: [
    { id: 31, sku: 'BOOT-42', options: { Size: '42' }, price: null, discountPercentage: null, stock: 3 },
    { id: 32, sku: 'BOOT-43', options: { Size: '43' }, price: null, discountPercentage: null, stock: 0 },
  ],
  deleted: true,
  lastChangedAt: '2026-06-01T12:00:00.000Z',
});
const ROWS = [row(1, 'iPhone 15'), row(2, 'Galaxy S24'), BOOTS];

function shopServer(routes: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/admin/products': () => jsonResponse(ROWS, 200, { 'X-Total-Count': '3' }),
    'GET /api/categories': () => jsonResponse([{ id: 1, value: 'smartphones', label: 'Smartphones' }, { id: 2, value: 'laptops', label: 'Laptops' }]),
    'GET /api/brands': () => jsonResponse([{ id: 1, value: 'Apple', label: 'Apple' }]),
    'GET /api/products/facets': () => jsonResponse({ total: 3, categories: [], brands: [], price: null, inStock: 2 }),
    ...routes,
  });
}

const open = (route = '/admin/products') => renderWithProviders(<AdminProductsScreen />, { route });

describe('AdminProductsScreen', () => {
  it('loads the listing as a table: columns, SKUs, status, last change; the list query in the API call', async () => {
    const mock = shopServer();
    open('/admin/products?category=smartphones&deleted=active');
    expect(screen.getByRole('status')).toHaveTextContent('Loading products…');
    const table = await screen.findByRole('table');
    expect(document.title).toBe('Admin: Products table | Best Buy Shop');
    expect(calls(mock)).toContain('GET /api/admin/products?category=smartphones&_page=1&_limit=20&deleted_ne=true');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Select all',
      'Product',
      'SKU',
      'Price',
      'Stock',
      'Status',
      'Last change',
    ]);
    const boots = screen.getByRole('row', { name: /Chelsea Boots/ });
    expect(boots).toHaveTextContent('BOOT-42, BOOT-43');
    expect(boots).toHaveTextContent('Deleted');
    expect(within(boots).getByText(/2026/).closest('time')).toHaveAttribute('dateTime', '2026-06-01T12:00:00.000Z');
    expect(screen.getByRole('row', { name: /iPhone 15/ })).toHaveTextContent('None recorded');
  });

  it('a page past the end (an old link) shows the last page instead', async () => {
    const mock = shopServer({
      'GET /api/admin/products': ({ url }) =>
        jsonResponse(url.searchParams.get('_page') === '2' ? ROWS : [], 200, { 'X-Total-Count': '23' }),
    });
    open('/admin/products?page=99');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(calls(mock)).toEqual(expect.arrayContaining(['GET /api/admin/products?_page=99&_limit=20', 'GET /api/admin/products?_page=2&_limit=20']));
    expect(screen.getByText(/Showing/).textContent).toBe('Showing 21 to 23 of 23 results');
    expect(screen.queryByText('No product matches.')).not.toBeInTheDocument();
  });

  it("shows the server's message under a price it refused, and saves a variant's stock through its route", async () => {
    const mock = shopServer({
      'PATCH /api/products/1': () => jsonResponse({ message: 'Invalid product', errors: { price: 'Price must be at least 1' } }, 400),
      'PATCH /api/admin/products/3/variants/32': () => jsonResponse({ ...BOOTS, stock: 7 }),
    });
    open();
    const price = await screen.findByLabelText('Price of iPhone 15');
    await userEvent.clear(price);
    await userEvent.type(price, '0{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Price must be at least 1');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription('Price must be at least 1');
    expect(sent(mock, 'PATCH /api/products/1')).toEqual([{ price: '0' }]);

    const expand = screen.getByRole('button', { name: 'Show 2 variants of Chelsea Boots' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(expand);
    expect(expand).toHaveAttribute('aria-expanded', 'true');
    const stock = screen.getByLabelText('Stock of Chelsea Boots, Size 43');
    await userEvent.clear(stock);
    await userEvent.type(stock, '7');
    await userEvent.click(screen.getByRole('button', { name: 'Save stock of Chelsea Boots, Size 43' }));
    expect(sent(mock, 'PATCH /api/admin/products/3/variants/32')).toEqual([{ stock: '7' }]);
  });

  it('sends the ticked ids with the bulk action, then reloads; a refused action says why', async () => {
    let refuse = true;
    const mock = shopServer({
      'POST /api/admin/products/bulk': () =>
        refuse
          ? jsonResponse({ message: 'Invalid bulk action', errors: { value: 'Category must be one of the listed categories' } }, 400)
          : jsonResponse({ changed: [1, 3], unchanged: [] }),
    });
    open();
    await screen.findByRole('table');
    const apply = screen.getByRole('button', { name: 'Apply to 0 products' });
    expect(apply).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select iPhone 15' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Chelsea Boots' }));
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Set category');
    await userEvent.selectOptions(await screen.findByLabelText('Category'), 'Laptops');
    await userEvent.click(screen.getByRole('button', { name: 'Apply to 2 products' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Category must be one of the listed categories');

    refuse = false;
    const loads = calls(mock).filter((c) => c.startsWith('GET /api/admin/products')).length;
    await userEvent.click(screen.getByRole('button', { name: 'Apply to 2 products' }));
    expect(await screen.findByText('2 changed, 0 already so.')).toBeInTheDocument();
    expect(sent(mock, 'POST /api/admin/products/bulk')).toEqual([
      { action: 'category', ids: [1, 3], value: 'laptops' },
      { action: 'category', ids: [1, 3], value: 'laptops' },
    ]);
    expect(calls(mock).filter((c) => c.startsWith('GET /api/admin/products')).length).toBe(loads + 1);
    expect(screen.getByRole('checkbox', { name: 'Select iPhone 15' })).not.toBeChecked();
  });

  it('another action chooses its value anew: a category chosen before is not sent as a brand', async () => {
    const mock = shopServer();
    open();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select iPhone 15' }));
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Set category');
    await userEvent.selectOptions(await screen.findByLabelText('Category'), 'Laptops');
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Set brand');
    expect(await screen.findByLabelText('Brand')).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Apply to 1 product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a brand');
    expect(sent(mock, 'POST /api/admin/products/bulk')).toEqual([]);
  });

  it('ticks a whole page at once, and says so when the list cannot be loaded', async () => {
    shopServer();
    const { unmount } = open();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every product on this page' }));
    expect(screen.getByRole('button', { name: 'Apply to 3 products' })).toBeEnabled();
    unmount();
    vi.unstubAllGlobals();
    shopServer({ 'GET /api/admin/products': () => jsonResponse({ message: 'The server is down' }, 500) });
    open('/admin/products?page=2');
    expect(await screen.findByText('The products could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
