// The product page and variants on the storefront: a colour's picture follows the choice (before
// the size is chosen too), and the price says it is before tax.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, product, renderWithProviders, stubFetch } from '../../test/utils';
import { initialState as cart } from '../../features/cart/cartSlice';
import type { Variant } from '../../domain/variants';
import ProductDetailPage from './ProductDetailPage';

afterEach(() => vi.unstubAllGlobals());

const images = ['/images/products/tee-1.svg', '/images/products/tee-2.svg', '/images/products/tee-3.svg'];
const options = [
  { name: 'Size', values: ['S', 'M'] },
  { name: 'Colour', values: ['Navy', 'Olive'] },
];
const variant = (id: number, size: string, colour: string, image?: string): Variant => ({
  id,
  sku: `TEE-${size}-${colour}`,
  options: { Size: size, Colour: colour },
  price: null,
  discountPercentage: null,
  stock: 2,
  ...(image ? { image } : {}),
});
// Navy shows the second image, Olive the third.
const tee = product({
  title: 'Ribbed Tee',
  category: 'tops',
  images,
  ...{ options, variants: [variant(1, 'S', 'Navy', images[1]), variant(2, 'S', 'Olive', images[2]), variant(3, 'M', 'Navy', images[1]), variant(4, 'M', 'Olive', images[2])] },
});

function render(route = '/products/1') {
  return renderWithProviders(<ProductDetailPage />, {
    route,
    path: '/products/:id',
    preloadedState: { cart: { ...cart, items: [], cartLoaded: true, status: 'idle' } },
  });
}

const picture = () => screen.getByRole('img', { name: /^Ribbed Tee, image/ });
const radio = (group: string, name: string) => within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name });

describe('ProductDetailPage on the storefront', () => {
  it('shows the chosen colour’s picture, from the colour alone', async () => {
    stubFetch({ 'GET /api/products/1': () => jsonResponse(tee) });
    render();
    await screen.findByRole('heading', { level: 1, name: 'Ribbed Tee' });
    expect(picture()).toHaveAttribute('src', images[0]);
    // A size alone does not say which picture: the gallery stays.
    await userEvent.click(radio('Size', 'M'));
    expect(picture()).toHaveAttribute('src', images[0]);
    await userEvent.click(radio('Colour', 'Olive'));
    expect(picture()).toHaveAttribute('src', images[2]);
    expect(picture()).toHaveAccessibleName('Ribbed Tee, image 3 of 3');
    await userEvent.click(radio('Colour', 'Navy'));
    expect(picture()).toHaveAttribute('src', images[1]);
  });

  it('opens a shared link on its variant’s picture', async () => {
    stubFetch({ 'GET /api/products/1': () => jsonResponse(tee) });
    render('/products/1?variant=4');
    await screen.findByRole('heading', { level: 1, name: 'Ribbed Tee' });
    expect(picture()).toHaveAttribute('src', images[2]);
  });

  it('says next to the price that prices are before tax', async () => {
    stubFetch({ 'GET /api/products/1': () => jsonResponse(product({ title: 'Ribbed Tee' })) });
    render();
    await screen.findByRole('heading', { level: 1, name: 'Ribbed Tee' });
    const note = screen.getByText('Prices are before tax.');
    expect(note.previousElementSibling).toHaveTextContent(/^Price: \$90/);
  });
});
