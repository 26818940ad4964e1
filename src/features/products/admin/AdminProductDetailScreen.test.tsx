import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, product as makeProduct, renderWithProviders, stubFetch } from '../../../test/utils';
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
    expect(await screen.findByRole('alert')).toHaveTextContent('Product not found');
  });
});
