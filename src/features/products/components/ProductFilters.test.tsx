// The listing's facet filters: counts, price, rating, in stock, chips, in the URL.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { categories, facets, productCalls, stubCatalogue } from '../../../test/catalogue';
import { calls, jsonResponse, product, renderWithProviders, stubFetch } from '../../../test/utils';
import ProductList from './ProductList';

afterEach(() => vi.unstubAllGlobals());

const sidebar = () => screen.getByRole('form', { name: 'Product filters' });
const facetCalls = (fetch: ReturnType<typeof stubCatalogue>) => calls(fetch).filter((c) => c.startsWith('GET /api/products/facets'));

async function openGroup(name: string) {
  await userEvent.click(within(sidebar()).getByRole('button', { name }));
}

describe('ProductList facet filters', () => {
  it('shows a count beside each option and disables the options nothing would match', async () => {
    stubCatalogue();
    renderWithProviders(<ProductList />);
    await screen.findByText('Zen Phone');
    await openGroup('Category');
    const smartphones = within(sidebar()).getByRole('checkbox', { name: 'Smartphones' });
    await waitFor(() => expect(smartphones).toHaveAccessibleDescription('32 products'));
    expect(smartphones).toBeEnabled();
    expect(within(sidebar()).getByRole('checkbox', { name: 'Laptops' })).toBeDisabled();
    expect(within(sidebar()).getByRole('checkbox', { name: 'In stock only' })).toHaveAccessibleDescription('30 products');
    expect(within(sidebar()).getByLabelText('Min price')).toHaveAttribute('placeholder', '12');
    expect(within(sidebar()).getByLabelText('Max price')).toHaveAttribute('placeholder', '950');
  });

  it('a ticked option with no match stays enabled, so it can be unticked', async () => {
    stubCatalogue();
    renderWithProviders(<ProductList />, { route: '/?category=laptops' });
    await screen.findByText('Zen Phone');
    const laptops = within(sidebar()).getByRole('checkbox', { name: 'Laptops' });
    await waitFor(() => expect(laptops).toHaveAccessibleDescription('0 products'));
    expect(laptops).toBeChecked();
    expect(laptops).toBeEnabled();
  });

  it('asks for the counts of the same filters as the list, without sort or page, beside the list', async () => {
    let answerFacets: (r: Response) => void = () => undefined;
    const fetch = stubCatalogue({ facets: () => new Promise((resolve) => (answerFacets = resolve)) });
    renderWithProviders(<ProductList />, { route: '/?category=smartphones&sort=price&order=asc&page=2&min_price=10&in_stock=1&q=zen' });
    // The list does not wait for the counts.
    expect(await screen.findByText('Zen Phone')).toBeInTheDocument();
    expect(facetCalls(fetch)).toEqual(['GET /api/products/facets?category=smartphones&search=zen&salePrice_gte=10&stock_gte=1']);
    expect(productCalls(fetch)).toEqual([
      'GET /api/products?category=smartphones&_sort=salePrice&_order=asc&_page=2&_limit=15&search=zen&salePrice_gte=10&stock_gte=1',
    ]);
    answerFacets(jsonResponse(facets()));
    await waitFor(() => expect(within(sidebar()).getByRole('checkbox', { name: 'In stock only' })).toHaveAccessibleDescription('30 products'));
  });

  it('keeps the last counts while new ones load, and never shows an older answer over a newer one', async () => {
    const pending: Record<string, (r: Response) => void> = {};
    const fetch = stubCatalogue({
      facets: (url) =>
        url.search === '' ? jsonResponse(facets()) : new Promise((resolve) => (pending[url.searchParams.get('rating_gte')!] = resolve)),
    });
    renderWithProviders(<ProductList />);
    const inStock = within(sidebar()).getByRole('checkbox', { name: 'In stock only' });
    await waitFor(() => expect(inStock).toHaveAccessibleDescription('30 products'));

    await userEvent.click(within(sidebar()).getByRole('radio', { name: '4 stars & up' }));
    await userEvent.click(within(sidebar()).getByRole('radio', { name: '3 stars & up' }));
    expect(facetCalls(fetch).slice(-2)).toEqual([
      'GET /api/products/facets?rating_gte=4',
      'GET /api/products/facets?rating_gte=3',
    ]);
    expect(sidebar()).toHaveAttribute('aria-busy', 'true');
    expect(inStock).toHaveAccessibleDescription('30 products');

    pending['3'](jsonResponse(facets({ inStock: 7 })));
    await waitFor(() => expect(inStock).toHaveAccessibleDescription('7 products'));
    pending['4'](jsonResponse(facets({ inStock: 11 })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(inStock).toHaveAccessibleDescription('7 products');
    expect(sidebar()).toHaveAttribute('aria-busy', 'false');
  });

  it('applies the price range on leaving a field or on Enter, not at each keystroke', async () => {
    const fetch = stubCatalogue();
    const { router } = renderWithProviders(<ProductList />, { route: '/?page=2' });
    await screen.findByText('Zen Phone');
    const min = within(sidebar()).getByLabelText('Min price');
    await userEvent.type(min, '25');
    expect(router.state.location.search).toBe('?page=2');
    await userEvent.tab();
    expect(router.state.location.search).toBe('?min_price=25');
    expect(within(sidebar()).getByLabelText('Max price')).toHaveFocus();
    await userEvent.type(within(sidebar()).getByLabelText('Max price'), '300{Enter}');
    expect(router.state.location.search).toBe('?min_price=25&max_price=300');
    await waitFor(() => expect(productCalls(fetch).at(-1)).toBe('GET /api/products?_page=1&_limit=15&salePrice_gte=25&salePrice_lte=300'));
  });

  it('swaps a reversed range, rounds to whole dollars, and puts back what is not a price', async () => {
    stubCatalogue();
    const { router } = renderWithProviders(<ProductList />, { route: '/?max_price=100' });
    await screen.findByText('Zen Phone');
    const min = within(sidebar()).getByLabelText('Min price');
    await userEvent.type(min, '499.6{Enter}');
    expect(router.state.location.search).toBe('?min_price=100&max_price=500');
    expect(min).toHaveValue(100);
    expect(within(sidebar()).getByLabelText('Max price')).toHaveValue(500);
    await userEvent.clear(min);
    await userEvent.type(min, '-3{Enter}');
    expect(router.state.location.search).toBe('?min_price=100&max_price=500');
    expect(min).toHaveValue(100);
  });

  it('filters by minimum rating and in stock only, in the URL', async () => {
    stubCatalogue();
    const { router } = renderWithProviders(<ProductList />);
    await screen.findByText('Zen Phone');
    expect(within(sidebar()).getByRole('radio', { name: 'Any rating' })).toBeChecked();
    await userEvent.click(within(sidebar()).getByRole('radio', { name: '4 stars & up' }));
    expect(router.state.location.search).toBe('?rating=4');
    await userEvent.click(within(sidebar()).getByRole('checkbox', { name: 'In stock only' }));
    expect(router.state.location.search).toBe('?rating=4&in_stock=1');
    await userEvent.click(within(sidebar()).getByRole('radio', { name: 'Any rating' }));
    expect(router.state.location.search).toBe('?in_stock=1');
  });

  it('shows a chip per active filter; each removes its filter, Clear all removes them all and keeps the sort', async () => {
    stubCatalogue();
    const { router } = renderWithProviders(<ProductList />, {
      route: '/?category=smartphones&brand=Novaphone&sort=price&order=asc&q=zen&min_price=10&max_price=90&rating=3&in_stock=1',
    });
    await screen.findByText('Zen Phone');
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Remove filter: “zen”',
      'Remove filter: Smartphones',
      'Remove filter: Novaphone',
      'Remove filter: $10 – $90',
      'Remove filter: 3 stars & up',
      'Remove filter: In stock only',
    ]);
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove filter: $10 – $90' }));
    expect(router.state.location.search).toBe('?category=smartphones&brand=Novaphone&sort=price&order=asc&q=zen&rating=3&in_stock=1');
    // Focus stays in the row, on the chip that took the removed one's place.
    expect(within(chips).getByRole('button', { name: 'Remove filter: 3 stars & up' })).toHaveFocus();
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveTextContent('Filters(4)');
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(router.state.location.search).toBe('?sort=price&order=asc');
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
  });

  it('says when the counts could not be loaded, and tries again', async () => {
    let fail = true;
    stubCatalogue({ facets: () => (fail ? jsonResponse({ message: 'Server down' }, 500) : jsonResponse(facets())) });
    renderWithProviders(<ProductList />);
    await screen.findByText('Zen Phone');
    const alert = await within(sidebar()).findByRole('alert');
    expect(alert).toHaveTextContent('The filters could not be loaded');
    expect(alert).toHaveTextContent('The filter counts could not be loaded: Server down');
    expect(alert).not.toHaveTextContent('Something went wrong');
    fail = false;
    await userEvent.click(within(sidebar()).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(sidebar()).queryByRole('alert')).not.toBeInTheDocument());
    expect(within(sidebar()).getByRole('checkbox', { name: 'In stock only' })).toHaveAccessibleDescription('30 products');
  });

  it('offers every filter in the Filters slide-over of small screens too', async () => {
    stubCatalogue();
    const { router } = renderWithProviders(<ProductList />, { route: '/?in_stock=1' });
    await screen.findByText('Zen Phone');
    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(dialog).getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: '2 stars & up' }));
    expect(router.state.location.search).toBe('?rating=2&in_stock=1');
    await userEvent.type(within(dialog).getByLabelText('Max price'), '40{Enter}');
    expect(router.state.location.search).toBe('?max_price=40&rating=2&in_stock=1');
  });
});

describe('ProductList filter groups with many options', () => {
  const many = Array.from({ length: 14 }, (_, i) => ({ id: i + 1, value: `brand-${i + 1}`, label: `Brand ${i + 1}` }));
  const stubMany = () =>
    stubFetch({
      'GET /api/products': () => jsonResponse([product({ id: 1, title: 'Zen Phone' })], 200, { 'X-Total-Count': '1' }),
      'GET /api/categories': () => jsonResponse(categories),
      'GET /api/brands': () => jsonResponse(many),
      'GET /api/products/facets': () => jsonResponse(facets()),
      'GET /api/products/suggest': () => jsonResponse({ products: [], categories: [], brands: [] }),
    });

  it('shows the first twelve and says how many more there are; the keyboard opens and closes the rest', async () => {
    stubMany();
    renderWithProviders(<ProductList />);
    await screen.findByText('Zen Phone');
    await openGroup('Brand');
    const group = within(sidebar()).getByRole('group', { name: 'Brand' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(12);
    const more = within(sidebar()).getByRole('button', { name: 'Show 2 more brands' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    more.focus();
    await userEvent.keyboard('{Enter}');
    expect(within(group).getAllByRole('checkbox')).toHaveLength(14);
    expect(within(group).getByRole('checkbox', { name: 'Brand 14' })).toBeInTheDocument();
    expect(more).toHaveAccessibleName('Show fewer brands');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(more).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(within(group).getAllByRole('checkbox')).toHaveLength(12);
  });

  it('shows every option from the start when a ticked one is among the rest', async () => {
    stubMany();
    renderWithProviders(<ProductList />, { route: '/?brand=brand-13' });
    await screen.findByText('Zen Phone');
    const group = within(sidebar()).getByRole('group', { name: 'Brand' });
    expect(await within(group).findByRole('checkbox', { name: 'Brand 13' })).toBeChecked();
    expect(within(group).getAllByRole('checkbox')).toHaveLength(14);
    expect(within(sidebar()).queryByRole('button', { name: /Show/ })).not.toBeInTheDocument();
  });
});
