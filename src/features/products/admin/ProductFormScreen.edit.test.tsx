import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../../domain/types';
import { api, field, fill, product } from '../../../test/productForm';
import { jsonResponse, landing, renderWithProviders, sent } from '../../../test/utils';
import ProductFormScreen from './ProductFormScreen';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductFormScreen, editing', () => {
  function editApi(current: Product) {
    let stored = { ...current };
    return api({
      [`GET /api/products/${current.id}`]: () => jsonResponse(stored),
      [`PATCH /api/products/${current.id}`]: ({ body }) => {
        stored = { ...stored, ...(body as Partial<Product>) };
        return jsonResponse(stored);
      },
    });
  }

  function openEditForm() {
    const view = renderWithProviders(<ProductFormScreen />, {
      path: '/admin/product-form/edit/:id',
      route: `/admin/product-form/edit/${product.id}`,
      routes: [landing('*')],
    });
    return screen.findByDisplayValue('Phone X').then(() => view);
  }

  it('fills the form from the product and PATCHes the changes with the id', async () => {
    const mock = editApi(product);
    const user = userEvent.setup();
    const { router } = await openEditForm();
    expect(field('price')).toHaveValue(500);
    expect(field('brand')).toHaveValue('Samsung');
    expect(field('image2')).toHaveValue('/images/b.svg');
    // The product has no threshold of its own: the default shows.
    expect(field('lowStockThreshold')).toHaveValue(5);
    await fill(user, { price: '450' });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/productdetail/7'));
    const [patch] = sent(mock, 'PATCH /api/products/7');
    // Only what the form changed: what it did not touch (stock an order took meanwhile) is not written back.
    // The defaults the form shows for what the product has not set (threshold 5, no alt texts, no
    // notifications) are not changes either: nothing is set that the admin did not set.
    expect(patch).toEqual({ id: 7, price: 450 });
    expect(await screen.findByText('Product Updated')).toBeInTheDocument();
  });

  it("shows the product's notification choices and saves them changed", async () => {
    const mock = editApi({ ...product, notify: { review: true, lowStock: false, soldOut: false } } as Product);
    const user = userEvent.setup();
    await openEditForm();
    expect(screen.getByLabelText('Reviews')).toBeChecked();
    expect(screen.getByLabelText('Low stock')).not.toBeChecked();
    await user.click(screen.getByLabelText('Reviews'));
    await user.click(screen.getByLabelText('Sold out'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(mock, 'PATCH /api/products/7')).toHaveLength(1));
    expect(sent(mock, 'PATCH /api/products/7')[0]).toMatchObject({ notify: { review: false, lowStock: false, soldOut: true } });
  });

  it("shows the product's own low stock threshold and saves a new one", async () => {
    const mock = editApi({ ...product, lowStockThreshold: 12 });
    const user = userEvent.setup();
    await openEditForm();
    expect(field('lowStockThreshold')).toHaveValue(12);
    await fill(user, { lowStockThreshold: '2.5' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Low stock threshold must be a whole number')).toBeInTheDocument();
    await fill(user, { lowStockThreshold: '20' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(mock, 'PATCH /api/products/7')).toHaveLength(1));
    expect(sent(mock, 'PATCH /api/products/7')[0]).toMatchObject({ lowStockThreshold: 20 });
  });

  it('deletes softly after confirmation, then offers Restore this Product', async () => {
    const mock = editApi(product);
    const user = userEvent.setup();
    await openEditForm();

    await user.click(screen.getByRole('button', { name: 'Delete this Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this product?' });
    // Cancel first: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(mock, 'PATCH /api/products/7')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete this Product' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product Deletd')).toBeInTheDocument();
    expect(sent(mock, 'PATCH /api/products/7')[0]).toEqual({ id: 7, deleted: true });
    expect(await screen.findByText('Product Deleted')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Restore this Product' }));
    await screen.findByRole('button', { name: 'Delete this Product' });
    expect(sent(mock, 'PATCH /api/products/7')[1]).toEqual({ id: 7, deleted: false });
    expect(screen.queryByText('Product Deletd')).not.toBeInTheDocument();
  });

  it('says why when the product cannot be loaded', async () => {
    api();
    renderWithProviders(<ProductFormScreen />, { path: '/admin/product-form/edit/:id', route: '/admin/product-form/edit/999' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The form could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
