import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cartItem, product, renderWithProviders, session, user } from '../../test/utils';
import { initialState as cart } from '../../features/cart/cartSlice';
import CartSummary from '../../features/cart/components/CartSummary';
import Navbar from './Navbar';

const lines = [
  cartItem({ id: 1, product: product({ id: 10, title: 'Phone' }), quantity: 2 }),
  cartItem({ id: 2, product: product({ id: 20, title: 'Lamp' }), quantity: 3 }),
];
const state = (items = lines) => ({ ...session(user), cart: { ...cart, items, cartLoaded: true, status: 'idle' as const } });

describe('Navbar cart badge', () => {
  it('counts items as the cart page does: the sum of the quantities, not the lines', () => {
    renderWithProviders(
      <>
        <Navbar />
        <CartSummary heading={<h1>Cart</h1>} note="Shipping and taxes calculated at checkout.">
          {null}
        </CartSummary>
      </>,
      { preloadedState: state() },
    );
    // Two links (wide and narrow screens; CSS shows one): each says the same.
    for (const link of screen.getAllByRole('link', { name: 'Cart, 5 items' })) expect(link).toHaveAttribute('href', '/cart');
    for (const badge of screen.getAllByTestId('cart-badge')) expect(badge).toHaveTextContent('5');
    expect(screen.getByTestId('cart-total-items')).toHaveTextContent('5 items');
  });

  it('one item says so; an empty cart shows no badge', () => {
    const { unmount } = renderWithProviders(<Navbar />, { preloadedState: state([cartItem({ quantity: 1 })]) });
    expect(screen.getAllByRole('link', { name: 'Cart, 1 item' }).length).toBeGreaterThan(0);
    unmount();
    renderWithProviders(<Navbar />, { preloadedState: state([]) });
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Cart' }).length).toBeGreaterThan(0);
  });
});

describe('Navbar menu on small screens', () => {
  it('opens from its button with the keyboard, says so, and closes when one of its links is followed', async () => {
    const person = userEvent.setup();
    renderWithProviders(<Navbar />, { preloadedState: state([]) });
    const button = screen.getByRole('button', { name: 'Open main menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'My Profile' })).not.toBeInTheDocument();

    button.focus();
    await person.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).toContainElement(screen.getByRole('link', { name: 'My Profile' }));
    expect(panel).toHaveTextContent(user.email);

    await person.click(screen.getByRole('link', { name: 'My Profile' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).not.toHaveAttribute('aria-controls');
    expect(screen.queryByRole('link', { name: 'My Profile' })).not.toBeInTheDocument();
  });
});
