// A card's price: the lowest a shopper would pay, "from" it only when the
// product's variants differ in price; and the list's one before-tax note.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubCatalogue } from '../../../test/catalogue';
import { product, renderWithProviders, stubFetch } from '../../../test/utils';
import ProductCard from './ProductCard';
import ProductList from './ProductList';

afterEach(() => vi.unstubAllGlobals());

/** What the card's price says to a screen reader ("Price: from $90"). */
const price = () => screen.getByText(/^Price:/).parentElement?.textContent;
const original = () => screen.queryByText(/^Original price:/)?.parentElement?.textContent;

describe('ProductCard price', () => {
  it('says "from $X" when the variants differ in price, X the lowest (salePrice)', () => {
    stubFetch({});
    renderWithProviders(<ProductCard product={{ ...product({ price: 100, discountPercentage: 10 }), salePrice: 90, priceVaries: true }} />);
    expect(price()).toBe('Price: from $90');
    // The lowest is the product's own price: its list price struck through beside it.
    expect(original()).toBe('Original price: $100');
  });

  it('shows the one price when the variants agree, or when the answer says nothing of them', () => {
    stubFetch({});
    const { unmount } = renderWithProviders(<ProductCard product={{ ...product({ price: 100, discountPercentage: 10 }), salePrice: 90, priceVaries: false }} />);
    expect(price()).toBe('Price: $90');
    unmount();
    renderWithProviders(<ProductCard product={product({ price: 100, discountPercentage: 10 })} />);
    expect(price()).toBe('Price: $90');
  });

  it('shows salePrice alone when the lowest is a variant’s own price, not the product’s', () => {
    stubFetch({});
    renderWithProviders(<ProductCard product={{ ...product({ price: 100, discountPercentage: 10 }), salePrice: 72, priceVaries: true }} />);
    expect(price()).toBe('Price: from $72');
    expect(original()).toBeUndefined();
  });
});

describe('ProductList before-tax note', () => {
  it('says once, under the heading, that prices are before tax', async () => {
    stubCatalogue();
    renderWithProviders(<ProductList />);
    await screen.findByText('Zen Phone');
    const heading = screen.getByRole('heading', { name: 'All Products' });
    expect(heading.nextElementSibling).toHaveTextContent(/^Prices are before tax\.$/);
    expect(screen.getAllByText('Prices are before tax.')).toHaveLength(1);
  });
});

describe('ProductCard rating', () => {
  it('shows the stars with the number of reviews they are the mean of', () => {
    stubFetch({});
    const reviews = [5, 4, 3].map((rating, i) => ({ id: i + 1, reviewerName: `R${i}`, rating, comment: 'ok' }));
    const { unmount } = renderWithProviders(<ProductCard product={{ ...product({ rating: 4 }), reviews }} />);
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5 stars, 3 reviews' })).toBeInTheDocument();
    expect(screen.getByText('(3)')).toBeInTheDocument();
    unmount();
    renderWithProviders(<ProductCard product={{ ...product({ rating: 5 }), reviews: reviews.slice(0, 1) }} />);
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5 stars, 1 review' })).toBeInTheDocument();
  });
});

describe('ProductCard image', () => {
  it('offers an uploaded thumbnail in the widths it has (never wider than the original); a seed path as it is', () => {
    stubFetch({});
    const { unmount } = renderWithProviders(<ProductCard product={{ ...product({}), title: 'Lamp', thumbnail: '/media/3/500.webp' }} />);
    expect(screen.getByRole('img', { name: 'Lamp' })).toHaveAttribute('srcset', '/media/3/320.webp 320w, /media/3/500.webp 500w');
    unmount();
    renderWithProviders(<ProductCard product={{ ...product({}), title: 'Lamp', thumbnail: '/images/lamp.webp' }} />);
    expect(screen.getByRole('img', { name: 'Lamp' })).not.toHaveAttribute('srcset');
  });
});

describe('ProductCard picture', () => {
  it("is named by the thumbnail's description when the thumbnail is a described image, else by the title", () => {
    stubFetch({});
    const lamp = product({ title: 'Desk Lamp', thumbnail: '/images/lamp-2.webp', images: ['/images/lamp-1.webp', '/images/lamp-2.webp'] });
    const { unmount } = renderWithProviders(<ProductCard product={{ ...lamp, imageAlt: ['Front', 'The lamp, switched on'] }} />);
    expect(screen.getByRole('img', { name: 'The lamp, switched on' })).toHaveAttribute('src', '/images/lamp-2.webp');
    unmount();
    renderWithProviders(<ProductCard product={{ ...lamp, imageAlt: ['Front'] }} />);
    expect(screen.getByRole('img', { name: 'Desk Lamp' })).toBeInTheDocument();
  });
});
