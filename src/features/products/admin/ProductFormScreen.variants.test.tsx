// The product form's options and variant grid: generating the grid, keeping saved
// variants' data, the client's and the server's messages next to each cell, what is sent.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../domain/types';
import { api, fill, openNewForm, product, VALID } from '../../../test/productForm';
import { jsonResponse, landing, renderWithProviders, sent } from '../../../test/utils';
import ProductFormScreen from './ProductFormScreen';

afterEach(() => {
  vi.unstubAllGlobals();
});

type User = ReturnType<typeof userEvent.setup>;

async function typeInto(user: User, label: string, text: string) {
  const input = screen.getByLabelText(label, { exact: true });
  await user.clear(input);
  if (text) await user.type(input, text);
}

const messageOf = (label: string) => {
  const id = screen.getByLabelText(label, { exact: true }).getAttribute('aria-describedby');
  return id ? id.split(' ').map((part) => document.getElementById(part)?.textContent).join(' ') : null;
};

const withSizes: Product = {
  ...product,
  stock: 5,
  ...({
    options: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [
      { id: 71, sku: 'PX-S', options: { Size: 'S' }, price: null, discountPercentage: null, stock: 2 },
      { id: 72, sku: 'PX-M', options: { Size: 'M' }, price: 550, discountPercentage: 0, stock: 3 },
    ],
  } as object),
};

function openEdit(current: Product, patch = (body: unknown) => jsonResponse({ ...current, ...(body as object) })) {
  const mock = api({ [`GET /api/products/${current.id}`]: () => jsonResponse(current), [`PATCH /api/products/${current.id}`]: ({ body }) => patch(body) });
  renderWithProviders(<ProductFormScreen />, { path: '/admin/product-form/edit/:id', route: `/admin/product-form/edit/${current.id}`, routes: [landing('*')] });
  return mock;
}

describe('ProductForm, options and variants', () => {
  it('a new product: adds a Size option, the grid has a row per size labelled by it, and saves options and variants', async () => {
    const mock = api({ 'POST /api/products': () => jsonResponse({ ...product, id: 42 }, 201) });
    const user = userEvent.setup();
    await openNewForm();
    await fill(user, { ...VALID, title: 'Chelsea Boots' });
    expect(screen.getByLabelText('Stock', { exact: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add an option' }));
    await typeInto(user, 'Option 1 name', 'Size');
    await typeInto(user, 'Option 1 values', '42, 43, 44');
    // The single Stock field gives way to the variants' stock.
    expect(screen.queryByLabelText('Stock', { exact: true })).not.toBeInTheDocument();
    expect(screen.getByLabelText('SKU for Size 44')).toHaveValue('CHELSEA-BOOTS-44');
    await typeInto(user, 'Stock for Size 42', '4');
    await typeInto(user, 'Stock for Size 44', '6');
    await typeInto(user, 'Price for Size 44', '1400');
    await typeInto(user, 'SKU for Size 43', 'CB-43');
    expect(screen.getByText("(the variants' stock added up)").parentElement).toHaveTextContent(/^10 /);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(mock, 'POST /api/products')).toHaveLength(1));
    const [body] = sent(mock, 'POST /api/products') as Record<string, unknown>[];
    expect(body).toMatchObject({ title: 'Chelsea Boots', stock: 10, options: [{ name: 'Size', values: ['42', '43', '44'] }] });
    expect(body.variants).toEqual([
      { sku: 'CHELSEA-BOOTS-42', options: { Size: '42' }, price: null, discountPercentage: null, stock: 4 },
      { sku: 'CB-43', options: { Size: '43' }, price: null, discountPercentage: null, stock: 0 },
      { sku: 'CHELSEA-BOOTS-44', options: { Size: '44' }, price: 1400, discountPercentage: null, stock: 6 },
    ]);
  });

  it('a new product without options sends neither options nor variants (the Stock field as before)', async () => {
    const mock = api({ 'POST /api/products': () => jsonResponse({ ...product, id: 42 }, 201) });
    const user = userEvent.setup();
    await openNewForm();
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(mock, 'POST /api/products')).toHaveLength(1));
    expect(sent(mock, 'POST /api/products')[0]).not.toHaveProperty('variants');
  });

  it("shows the client's messages next to each cell and option, sends nothing, focuses the first", async () => {
    const mock = api();
    const user = userEvent.setup();
    await openNewForm();
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Add an option' }));
    await typeInto(user, 'Option 1 name', 'Size');
    await typeInto(user, 'Option 1 values', 'S, M, L');
    await typeInto(user, 'SKU for Size S', '');
    await typeInto(user, 'Stock for Size M', '1.5');
    await typeInto(user, 'Discount % for Size L', '120');
    await user.click(screen.getByRole('button', { name: 'Add an option' }));
    await typeInto(user, 'Option 2 name', 'size');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(messageOf('SKU for Size S')).toBe('SKU must be 1 to 64 characters');
    expect(messageOf('Stock for Size M')).toBe('Stock must be a whole number of 0 or more');
    expect(messageOf('Discount % for Size L')).toBe('Discount Percentage must be at most 100');
    expect(messageOf('Option 2 name')).toBe('The option size is given twice');
    await waitFor(() => expect(screen.getByLabelText('Option 2 name')).toHaveFocus());
    expect(sent(mock, 'POST /api/products')).toHaveLength(0);
    // Removing the option and fixing the cells clears them on the next save.
    await user.click(screen.getByRole('button', { name: 'Remove option size' }));
    expect(screen.queryByLabelText('Option 2 name')).not.toBeInTheDocument();
  });

  it("editing: the saved variants fill the grid; a new value adds a row; the server's variant messages show at their cells", async () => {
    let attempt = 0;
    const mock = openEdit(withSizes, (body) => {
      attempt += 1;
      if (attempt === 1) return jsonResponse({ message: 'Invalid product', errors: { 'variants.2.sku': 'SKU PX-L is given twice', 'options.0.values': 'Size has a value twice' } }, 400);
      return jsonResponse({ ...withSizes, ...(body as object) });
    });
    const user = userEvent.setup();
    await screen.findByDisplayValue('Phone X');
    expect(screen.getByLabelText('Option 1 values')).toHaveValue('S, M');
    expect(screen.getByLabelText('SKU for Size M')).toHaveValue('PX-M');
    expect(screen.getByLabelText('Price for Size M')).toHaveValue(550);
    expect(screen.getByLabelText('Price for Size S')).toHaveValue(null);
    await typeInto(user, 'Option 1 values', 'S, M, L');
    expect(screen.getByLabelText('SKU for Size L')).toHaveValue('PX-L');
    await typeInto(user, 'Stock for Size L', '7');
    await typeInto(user, 'Stock for Size S', '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf('SKU for Size L')).toBe('SKU PX-L is given twice'));
    expect(messageOf('Option 1 values')).toContain('Size has a value twice');
    await waitFor(() => expect(screen.getByLabelText('Option 1 values')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(mock, 'PATCH /api/products/7')).toHaveLength(2));
    const body = sent(mock, 'PATCH /api/products/7')[1] as Record<string, unknown>;
    expect(body).toMatchObject({ id: 7, stock: 11, options: [{ name: 'Size', values: ['S', 'M', 'L'] }] });
    expect(body.variants).toEqual([
      { id: 71, sku: 'PX-S', options: { Size: 'S' }, price: null, discountPercentage: null, stock: 1 },
      // M's stock untouched: not sent, so what orders took from it meanwhile stays taken.
      { id: 72, sku: 'PX-M', options: { Size: 'M' }, price: 550, discountPercentage: 0 },
      { sku: 'PX-L', options: { Size: 'L' }, price: null, discountPercentage: null, stock: 7 },
    ]);
  });

  it("a SKU another product has (409): the server's message shows at that variant's SKU, the typed SKU kept", async () => {
    const taken = 'SKU PX-TAKEN is already used by another product';
    openEdit(withSizes, () => jsonResponse({ message: taken, errors: { 'variants.1.sku': taken } }, 409));
    const user = userEvent.setup();
    await screen.findByDisplayValue('Phone X');
    await typeInto(user, 'SKU for Size M', 'PX-TAKEN');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf('SKU for Size M')).toBe(taken));
    expect(screen.getByLabelText('SKU for Size M')).toHaveValue('PX-TAKEN');
  });

  it('editing only the description of a product with sizes sends the description alone: no stock, options nor variants', async () => {
    const mock = openEdit(withSizes);
    const user = userEvent.setup();
    await screen.findByDisplayValue('Phone X');
    await fill(user, { description: 'A better description' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(mock, 'PATCH /api/products/7')).toHaveLength(1));
    const body = sent(mock, 'PATCH /api/products/7')[0] as Record<string, unknown>;
    expect(body).toMatchObject({ id: 7, description: 'A better description' });
    for (const untouched of ['stock', 'options', 'variants', 'price', 'title']) expect(body).not.toHaveProperty(untouched);
  });

  it('editing a product without options: its Stock field sets its single variant, SKU and price kept', async () => {
    const plain = { ...product, ...({ options: [], variants: [{ id: 70, sku: 'SKU-7', options: {}, price: null, discountPercentage: null, stock: 4 }] } as object) };
    const mock = openEdit(plain);
    const user = userEvent.setup();
    await screen.findByDisplayValue('Phone X');
    await fill(user, { stock: '9' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(mock, 'PATCH /api/products/7')).toHaveLength(1));
    expect(sent(mock, 'PATCH /api/products/7')[0]).toMatchObject({
      stock: 9,
      options: [],
      variants: [{ id: 70, sku: 'SKU-7', options: {}, price: null, discountPercentage: null, stock: 9 }],
    });
  });
});
