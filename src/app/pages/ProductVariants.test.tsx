// The product page of a product with options: pickers built from its options,
// sold-out values struck through, named so and still selectable, price and stock of the chosen variant, the choice in the
// URL, and 'Add to Cart' asking for a full choice before it sends the variant.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, cartItem, jsonResponse, product, renderWithProviders, sent, stubFetch } from '../../test/utils';
import { initialState as cart } from '../../features/cart/cartSlice';
import type { CartItem } from '../../domain/types';
import type { ProductOption, Variant } from '../../domain/variants';
import ProductDetailPage from './ProductDetailPage';

afterEach(() => vi.unstubAllGlobals());

const options: ProductOption[] = [
  { name: 'Size', values: ['42', '43', '44', '45'] },
  { name: 'Colour', values: ['Black', 'Brown'] },
];
const variant = (id: number, size: string, colour: string, stock: number, price: number | null = null): Variant => ({
  id,
  sku: `BOOT-${size}-${colour}`,
  options: { Size: size, Colour: colour },
  price,
  discountPercentage: null,
  stock,
});
// Size 43 is sold out in both colours; 44 comes in Black only, at its own price; 45 in Brown only.
const variants = [
  variant(11, '42', 'Black', 3),
  variant(12, '42', 'Brown', 0),
  variant(13, '43', 'Black', 0),
  variant(14, '43', 'Brown', 0),
  variant(15, '44', 'Black', 2, 120),
  variant(16, '45', 'Brown', 1),
];
// price 100 at 10 % off: $90; the 44 costs 120 at 10 % off: $108.
const boots = product({ title: 'Stridewell Chelsea Boots', category: 'mens-shoes', price: 100, discountPercentage: 10, stock: 6, ...{ options, variants } });

function render(route = '/products/1', items: CartItem[] = []) {
  return renderWithProviders(<ProductDetailPage />, {
    route,
    path: '/products/:id',
    preloadedState: { cart: { ...cart, items, cartLoaded: true, status: 'idle' } },
  });
}

const group = (name: string) => screen.getByRole('radiogroup', { name });
const radio = (groupName: string, name: string) => within(group(groupName)).getByRole('radio', { name });
/** What the price says to a screen reader ("Price: from $90"). */
const price = () => screen.getByText(/^Price:/).parentElement?.textContent;
/** The request for a full choice, announced as an alert. */
const choiceMessage = () => screen.getByText(/^Choose /);
const search = (router: ReturnType<typeof render>['router']) => router.state.location.search;

describe('ProductDetailPage with options', () => {
  it('builds a radio group per option; a value sold out everywhere is named so and can still be chosen', async () => {
    stubFetch({ 'GET /api/products/1': () => jsonResponse(boots) });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Stridewell Chelsea Boots' })).toBeInTheDocument();
    expect(within(group('Size')).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['42', '43', '44', '45']);
    expect(within(group('Colour')).getAllByRole('radio')).toHaveLength(2);
    // Chosen, it says it cannot be added (its page offers 'Notify me' instead).
    expect(radio('Size', '43, sold out')).toBeEnabled();
    expect(radio('Size', '42')).toBeEnabled();
    // Before a choice the variants' prices differ: the lowest, as "from".
    expect(price()).toBe('Price: from $90');
  });

  it('asks for the whole choice before adding, and moves focus to the first option missing', async () => {
    const fetch = stubFetch({ 'GET /api/products/1': () => jsonResponse(boots) });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(choiceMessage()).toHaveTextContent('Choose Size and Colour to add this product to the cart.');
    expect(choiceMessage()).toHaveAttribute('role', 'alert');
    expect(radio('Size', '42')).toHaveFocus();
    expect(group('Size')).toHaveAccessibleDescription('Choose Size and Colour to add this product to the cart.');

    await userEvent.click(radio('Size', '42'));
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(choiceMessage()).toHaveTextContent('Choose Colour to add this product to the cart.');
    expect(radio('Colour', 'Black')).toHaveFocus();
    expect(calls(fetch)).not.toContain('POST /api/cart');
  });

  it("judges a value with the choice above it: 44 has no Brown, and 42's Brown is sold out", async () => {
    stubFetch({ 'GET /api/products/1': () => jsonResponse(boots) });
    render();
    await userEvent.click(await screen.findByRole('radio', { name: '44' }));
    expect(radio('Colour', 'Brown, not available')).toBeDisabled();
    await userEvent.click(radio('Size', '42'));
    expect(radio('Colour', 'Brown, sold out')).toBeEnabled();
    expect(radio('Colour', 'Black')).toBeEnabled();
  });

  it('shows the chosen variant’s price and stock, keeps it in the URL, and adds that variant', async () => {
    const line = cartItem({ product: boots, variant: { ...variants[4], price: 120, discountPercentage: 10, salePrice: 108 } });
    const fetch = stubFetch({
      'GET /api/products/1': () => jsonResponse(boots),
      'POST /api/cart': () => jsonResponse(line, 201),
    });
    const { router, store } = render();
    await userEvent.click(await screen.findByRole('radio', { name: '44' }));
    await userEvent.click(radio('Colour', 'Black'));
    expect(radio('Size', '44')).toBeChecked();
    expect(radio('Colour', 'Black')).toBeChecked();
    expect(price()).toBe('Price: $108');
    expect(screen.getByText(/^Original price:/).parentElement?.textContent).toBe('Original price: $120');
    expect(screen.getByText('Size 44 / Colour Black: 2 in stock.')).toBeInTheDocument();
    expect(screen.getByText('In stock').nextSibling).toHaveTextContent('2');
    expect(search(router)).toBe('?variant=15');
    // The choice replaced the entry: Back leaves the page rather than undoing the choice.
    expect(router.state.historyAction).toBe('REPLACE');

    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item added to Cart !')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/cart')).toEqual([{ product: 1, variant: 15, quantity: 1 }]);
    expect(store.getState().cart.items).toEqual([line]);
  });

  it('clears a choice below that the new value does not have, and the URL with it', async () => {
    stubFetch({ 'GET /api/products/1': () => jsonResponse(boots) });
    const { router } = render();
    await userEvent.click(await screen.findByRole('radio', { name: '42' }));
    await userEvent.click(radio('Colour', 'Black'));
    expect(search(router)).toBe('?variant=11');
    await userEvent.click(radio('Size', '44'));
    expect(radio('Colour', 'Black')).toBeChecked();
    expect(search(router)).toBe('?variant=15');
    await userEvent.click(radio('Size', '45'));
    expect(within(group('Colour')).getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toEqual([]);
    expect(radio('Colour', 'Black, not available')).toBeDisabled();
    expect(search(router)).toBe('');
    expect(price()).toBe('Price: from $90');
  });

  it('opens the variant a shared link names', async () => {
    stubFetch({ 'GET /api/products/1': () => jsonResponse(boots) });
    render('/products/1?variant=16');
    expect(await screen.findByRole('radio', { name: '45' })).toBeChecked();
    expect(radio('Colour', 'Brown')).toBeChecked();
    expect(screen.getByText('Size 45 / Colour Brown: 1 in stock.')).toBeInTheDocument();
    expect(price()).toBe('Price: $90');
  });

  it('ignores an id the product does not have', async () => {
    const fetch = stubFetch({ 'GET /api/products/1': () => jsonResponse(boots) });
    render('/products/1?variant=999');
    await screen.findByRole('radiogroup', { name: 'Size' });
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(choiceMessage()).toHaveTextContent('Choose Size and Colour');
    expect(calls(fetch)).not.toContain('POST /api/cart');
  });

  it('a linked variant that is sold out cannot be added, and says why', async () => {
    stubFetch({ 'GET /api/products/1': () => jsonResponse(boots) });
    render('/products/1?variant=12');
    const button = await screen.findByRole('button', { name: 'Add to Cart' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Out of stock: Size 42 / Colour Brown cannot be added to the cart right now.');
    expect(screen.getByText('Size 42 / Colour Brown: sold out.')).toBeInTheDocument();
  });

  it("says 'Item Already added !' for the variant in the cart, and adds another variant as its own line", async () => {
    const inCart = cartItem({ id: 5, product: boots, variant: { ...variants[0], price: 100, discountPercentage: 10, salePrice: 90 } });
    const fetch = stubFetch({
      'GET /api/products/1': () => jsonResponse(boots),
      'POST /api/cart': () => jsonResponse(cartItem({ id: 6, product: boots }), 201),
    });
    render('/products/1?variant=11', [inCart]);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item Already added !')).toBeInTheDocument();
    expect(calls(fetch)).not.toContain('POST /api/cart');

    await userEvent.click(radio('Size', '45'));
    await userEvent.click(radio('Colour', 'Brown'));
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item added to Cart !')).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/cart')).toEqual([{ product: 1, variant: 16, quantity: 1 }]);
  });

  it('moves between values with the arrow keys, through the sold-out ones (which can be chosen)', async () => {
    stubFetch({ 'GET /api/products/1': () => jsonResponse(boots) });
    const { router } = render('/products/1?variant=11');
    const first = await screen.findByRole('radio', { name: '42' });
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(radio('Size', '43, sold out')).toBeChecked();
    expect(radio('Size', '43, sold out')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(radio('Size', '44')).toBeChecked();
    expect(radio('Size', '44')).toHaveFocus();
    expect(search(router)).toBe('?variant=15');
  });
});
