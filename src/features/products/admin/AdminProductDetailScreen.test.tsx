import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, jsonResponse, product as makeProduct, renderWithProviders, stubFetch } from '../../../test/utils';
import AdminProductDetailScreen from './AdminProductDetailScreen';

const product = makeProduct({
  id: 3,
  title: 'Desk Lamp',
  price: 40,
  discountPercentage: 25,
  stock: 0,
  thumbnail: '/images/lamp-0.svg',
  images: ['/images/lamp-1.svg', '/images/lamp-2.svg', '/images/lamp-3.svg'],
  brand: 'Ikea',
  category: 'lighting',
  deleted: true,
});

const DETAIL = { path: '/admin/productdetail/:id' };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AdminProductDetailScreen', () => {
  it('shows the product with its images, prices, stock, brand, category, deleted flag and an edit link', async () => {
    stubFetch({ 'GET /api/products/3': () => jsonResponse(product) });
    renderWithProviders(<AdminProductDetailScreen />, { ...DETAIL, route: '/admin/productdetail/3' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Desk Lamp' })).toBeInTheDocument();
    expect(screen.getByText('Product Deletd')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /Desk Lamp/ })).toHaveLength(4);
    expect(screen.getByText('$30')).toBeInTheDocument();
    expect(screen.getByText('$40')).toBeInTheDocument();
    expect(screen.getByText('Ikea')).toBeInTheDocument();
    expect(screen.getByText('lighting')).toBeInTheDocument();
    expect(screen.getByText('Stock').nextElementSibling).toHaveTextContent('0');
    expect(screen.getByRole('link', { name: 'Edit Product' })).toHaveAttribute('href', '/admin/product-form/edit/3');
  });

  it('says why when the product does not exist', async () => {
    stubFetch({ 'GET /api/products/99': () => jsonResponse({ message: 'Product not found' }, 404) });
    renderWithProviders(<AdminProductDetailScreen />, { ...DETAIL, route: '/admin/productdetail/99' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the products' })).toHaveAttribute('href', '/admin');
    // Nothing to retry: the product does not exist.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it("removes a review after a confirmation, and the rating follows", async () => {
    const reviews = [
      { id: 1, reviewerName: 'Grace', rating: 5, comment: 'Great.' },
      { id: 2, reviewerName: 'Troll', rating: 1, comment: 'Spam.', user: 9, date: '2026-03-04T10:00:00.000Z', verified: true },
    ];
    const fetch = stubFetch({
      'GET /api/products/3': () => jsonResponse({ ...product, rating: 3, reviews }),
      'DELETE /api/products/3/reviews/2': () => jsonResponse({ ...product, rating: 5, reviews: [reviews[0]] }),
    });
    renderWithProviders(<AdminProductDetailScreen />, { ...DETAIL, route: '/admin/productdetail/3' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the review by Troll' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this review?' });
    expect(dialog).toHaveTextContent('The review by Troll goes for good');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetch)).not.toContain('DELETE /api/products/3/reviews/2');

    await userEvent.click(screen.getByRole('button', { name: 'Remove the review by Troll' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove review' }));
    expect(await screen.findByText('The review by Troll is removed')).toBeInTheDocument();
    expect(screen.queryByText('Spam.')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Price' })).getByRole('img', { name: 'Rated 5 out of 5 stars' })).toBeInTheDocument();
  });

  it('says why a review could not be removed', async () => {
    stubFetch({
      'GET /api/products/3': () => jsonResponse({ ...product, reviews: [{ id: 4, reviewerName: 'Ada', rating: 3, comment: 'Fine.' }] }),
      'DELETE /api/products/3/reviews/4': () => jsonResponse({ message: 'Review not found' }, 404),
    });
    renderWithProviders(<AdminProductDetailScreen />, { ...DETAIL, route: '/admin/productdetail/3' });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the review by Ada' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The review could not be removed: Review not found');
    expect(screen.getByText('Fine.')).toBeInTheDocument();
  });

  it('lists the variants with their SKU, price and stock', async () => {
    const options = [{ name: 'Colour', values: ['Black', 'White'] }];
    const variants = [
      { id: 31, sku: 'LAMP-B', options: { Colour: 'Black' }, price: null, discountPercentage: null, stock: 4 },
      { id: 32, sku: 'LAMP-W', options: { Colour: 'White' }, price: 60, discountPercentage: 0, stock: 0 },
    ];
    stubFetch({ 'GET /api/products/3': () => jsonResponse({ ...product, stock: 4, options, variants }) });
    renderWithProviders(<AdminProductDetailScreen />, { ...DETAIL, route: '/admin/productdetail/3' });
    const section = await screen.findByRole('region', { name: 'Variants and stock' });
    expect(within(section).getAllByRole('row').map((r) => r.textContent)).toEqual(['SKUVariantPriceStock', 'LAMP-BColour Black$304', 'LAMP-WColour White$600']);
  });
});
