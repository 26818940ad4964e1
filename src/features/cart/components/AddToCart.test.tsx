import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartItem, jsonResponse, product, renderWithProviders, sent, session, stubFetch, user } from '../../../test/utils';
import { initialState as cart } from '../cartSlice';
import AddToCart from './AddToCart';

afterEach(() => vi.unstubAllGlobals());

const render = (item = product()) =>
  renderWithProviders(<AddToCart product={item} />, {
    preloadedState: { ...session(user), cart: { ...cart, status: 'idle', cartLoaded: true, items: [] } },
  });

describe('AddToCart and the minimum order quantity', () => {
  it('adds the minimum and says so', async () => {
    const mascara = product({ id: 60, title: 'Mascara', minimumOrderQuantity: 2 });
    const fetch = stubFetch({ 'POST /api/cart': () => jsonResponse(cartItem({ product: mascara, quantity: 2 }), 201) });
    render(mascara);
    const button = screen.getByRole('button', { name: 'Add to Cart' });
    expect(button).toHaveAccessibleDescription('Adds 2 to the cart: the minimum order quantity.');
    await userEvent.click(button);
    expect(await screen.findByText('Item added to Cart !')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/cart')).toEqual([{ product: 60, quantity: 2 }]);
  });

  it('adds one of a product without a minimum, with no note', async () => {
    const fetch = stubFetch({ 'POST /api/cart': () => jsonResponse(cartItem(), 201) });
    render();
    expect(screen.queryByText(/minimum order quantity/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item added to Cart !')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/cart')).toEqual([{ product: 1, quantity: 1 }]);
  });

  it('cannot add when the stock is below the minimum', () => {
    render(product({ minimumOrderQuantity: 4, stock: 3 }));
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.getByText('Only 3 left, fewer than the minimum order quantity of 4.')).toBeInTheDocument();
  });

  it('cannot add a product whose minimum is more than a cart line holds (older data), and says so', () => {
    render(product({ minimumOrderQuantity: 10, stock: 50 }));
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toHaveAccessibleDescription(
      'Its minimum order quantity of 10 is more than a cart line holds (6): it cannot be ordered online.',
    );
  });
});
