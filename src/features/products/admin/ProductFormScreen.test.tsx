import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, brands, field, fill, LABELS, messageOf, NEW_FORM, openNewForm, product, VALID, type ShownField } from '../../../test/productForm';
import { jsonResponse, renderWithProviders, sent } from '../../../test/utils';
import ProductFormScreen from './ProductFormScreen';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductFormScreen, new product', () => {
  it('labels every field, offers the API brands and categories, and the notification checkboxes (off)', async () => {
    api();
    await openNewForm();
    for (const label of Object.values(LABELS)) expect(screen.getByLabelText(label, { exact: true })).toBeInTheDocument();
    expect(within(field('brand')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '--choose brand--',
      'Apple',
      'Samsung',
    ]);
    expect(within(field('category')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '--choose category--',
      'Smartphones',
      'Laptops',
    ]);
    for (const name of ['Reviews', 'Low stock', 'Sold out']) expect(screen.getByLabelText(name)).not.toBeChecked();
    expect(screen.getByText('The shop emails its staff address when one of these happens; the Emails page lists what it sent.')).toBeInTheDocument();
    expect(screen.queryByText(/not saved/)).not.toBeInTheDocument();
    expect(screen.queryByText(/candidate|posting|coming soon/i)).not.toBeInTheDocument();
    // The image fields' hint is an address the server takes (a path on this site, scripts/seed.test.ts).
    expect(screen.getByLabelText('Thumbnail', { exact: true })).toHaveAttribute('placeholder', 'e.g. /images/products/laptops-1.svg');
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete this Product' })).not.toBeInTheDocument();
  });

  it('submitted empty, shows every required message and sends nothing', async () => {
    const mock = api();
    const user = userEvent.setup();
    await openNewForm();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The threshold starts at its default (5) and the minimum at 1; the other details may stay blank.
    // A product needs one image: Image 2 and 3 may stay blank.
    const optional = ['image2', 'image3', 'weight', 'warrantyInformation', 'shippingInformation', 'returnPolicy', 'minimumOrderQuantity', 'lowStockThreshold'] as const;
    const expected: Record<Exclude<ShownField, (typeof optional)[number]>, string> = {
      title: 'Product Name is required',
      description: 'Description is required',
      price: 'Price is required',
      discountPercentage: 'Discount Percentage is required',
      stock: 'Stock is required',
      thumbnail: 'Thumbnail is required',
      image1: 'Image 1 is required',
      brand: 'Brand is required',
      category: 'Category is required',
    };
    for (const [name, message] of Object.entries(expected) as [ShownField, string][]) {
      expect(messageOf(name)).toBe(message);
      expect(field(name)).toHaveAttribute('aria-invalid', 'true');
    }
    for (const name of optional) expect(messageOf(name)).toBeNull();
    expect(sent(mock, 'POST /api/products')).toHaveLength(0);
  });

  it('sends the details the admin set, and blank ones as not set (a blank weight is 0)', async () => {
    const mock = api({ 'POST /api/products': () => jsonResponse({ ...product, id: 43 }, 201) });
    const user = userEvent.setup();
    await openNewForm();
    await fill(user, { ...VALID, weight: '', warrantyInformation: '', shippingInformation: 'Ships overnight', minimumOrderQuantity: '2' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(mock, 'POST /api/products')).toHaveLength(1));
    expect(sent(mock, 'POST /api/products')[0]).toMatchObject({
      weight: 0,
      warrantyInformation: '',
      shippingInformation: 'Ships overnight',
      returnPolicy: VALID.returnPolicy,
      minimumOrderQuantity: 2,
    });
  });

  it('the low stock threshold starts at 5, is required, and is sent as a number', async () => {
    const mock = api({ 'POST /api/products': () => jsonResponse({ ...product, id: 43 }, 201) });
    const user = userEvent.setup();
    await openNewForm();
    expect(field('lowStockThreshold')).toHaveValue(5);
    await fill(user, { ...VALID, lowStockThreshold: '' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(messageOf('lowStockThreshold')).toBe('Low stock threshold is required');
    expect(sent(mock, 'POST /api/products')).toHaveLength(0);

    await fill(user, { lowStockThreshold: '0' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(mock, 'POST /api/products')).toHaveLength(1));
    expect(sent(mock, 'POST /api/products')[0]).toMatchObject({ lowStockThreshold: 0 });
  });

  it('treats blank text as missing', async () => {
    api();
    const user = userEvent.setup();
    await openNewForm();
    await fill(user, { ...VALID, title: '   ' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(messageOf('title')).toBe('Product Name is required');
  });


  it('sends numbers as numbers and the image places filled as images, then opens the new product', async () => {
    const mock = api({ 'POST /api/products': () => jsonResponse({ ...product, id: 42 }, 201) });
    const user = userEvent.setup();
    const { router } = await openNewForm();
    await fill(user, VALID);
    expect(screen.getByAltText('Image 3 preview')).toHaveAttribute('src', 'https://example.com/3.png');
    // The checkboxes are the product's `notify`, saved with it; Space checks one from the keyboard.
    await user.click(screen.getByLabelText('Sold out'));
    screen.getByLabelText('Low stock').focus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/productdetail/42'));
    expect(sent(mock, 'POST /api/products')).toEqual([{
      title: 'Laptop Pro',
      description: 'A fast laptop',
      price: 1299.5,
      discountPercentage: 12.5,
      stock: 8,
      thumbnail: '/images/t.svg',
      images: ['/images/1.svg', '/images/2.svg', 'https://example.com/3.png'],
      // No image described: no descriptions (an edit that cleared them all clears them).
      imageAlt: [],
      brand: 'Apple',
      category: 'laptops',
      weight: 2.1,
      warrantyInformation: '2 year warranty',
      shippingInformation: 'Ships in 1-2 business days',
      returnPolicy: '30 days return policy',
      minimumOrderQuantity: 1,
      lowStockThreshold: 3,
      notify: { review: false, lowStock: true, soldOut: true },
    }]);
    expect(await screen.findByText('Product Created')).toBeInTheDocument();
  });

  it('shows the server’s per-field errors next to their fields and no success alert', async () => {
    api({
      'POST /api/products': () =>
        jsonResponse(
          {
            message: 'Invalid product',
            errors: {
              thumbnail: 'thumbnail must be an http(s) URL or a path starting with /',
              'images.1': 'image2 must be an http(s) URL or a path starting with /',
              brand: 'Brand must be one of the listed brands',
              weight: 'Weight must be at least 0',
            },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    const { router } = await openNewForm();
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(messageOf('thumbnail')).toBe('thumbnail must be an http(s) URL or a path starting with /'));
    expect(messageOf('image2')).toBe('image2 must be an http(s) URL or a path starting with /');
    expect(messageOf('brand')).toBe('Brand must be one of the listed brands');
    // A field the form does not have is still reported.
    expect(screen.getByText('Weight must be at least 0')).toBeInTheDocument();
    expect(await screen.findByText('The product was not saved: Invalid product')).toBeInTheDocument();
    expect(screen.queryByText('Product Created')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/product-form');
  });

  it('says so, with a retry, when the brand or category list is empty, instead of waiting forever', async () => {
    let brandList: typeof brands = [];
    api({ 'GET /api/brands': () => jsonResponse(brandList) });
    const user = userEvent.setup();
    renderWithProviders(<ProductFormScreen />, NEW_FORM);
    expect(await screen.findByText('There is nothing to choose from yet')).toBeInTheDocument();
    expect(screen.queryByLabelText('Product Name')).not.toBeInTheDocument();
    brandList = brands;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Product Name')).toBeInTheDocument();
  });

  it('Cancel goes back to /admin without saving', async () => {
    const mock = api();
    const user = userEvent.setup();
    const { router } = await openNewForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/admin');
    expect(sent(mock, 'POST /api/products')).toHaveLength(0);
  });
});

