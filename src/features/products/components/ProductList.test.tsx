import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brands, categories, facets, productCalls, stubCatalogue } from '../../../test/catalogue';
import { jsonResponse, landing, product, renderWithProviders, stubFetch } from '../../../test/utils';
import ProductList from './ProductList';

afterEach(() => vi.unstubAllGlobals());

describe('ProductList', () => {
  it('reads the listing from the URL and asks the API for it', async () => {
    const fetch = stubCatalogue();
    renderWithProviders(<ProductList />, { route: '/?category=laptops&sort=price&order=desc&page=2' });
    expect(await screen.findByText('Zen Phone')).toBeInTheDocument();
    expect(productCalls(fetch)).toEqual(['GET /api/products?category=laptops&_sort=salePrice&_order=desc&_page=2&_limit=15']);
    expect(screen.getByRole('heading', { name: 'All Products' })).toBeInTheDocument();
    expect(screen.getByText((_, el) => el?.textContent === 'Showing 16 to 30 of 32 results')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Zen Phone/ })).toHaveAttribute(
      'href',
      '/products/1',
    );
  });

  it("flags deleted products 'Product Deletd'", async () => {
    stubCatalogue();
    renderWithProviders(<ProductList />);
    const card = (await screen.findByText('Old Phone')).closest('li')!;
    expect(within(card).getByText('Product Deletd')).toBeInTheDocument();
  });

  it('ticking a filter updates the URL, goes back to page 1 and refetches', async () => {
    const fetch = stubCatalogue();
    const { router } = renderWithProviders(<ProductList />, { route: '/?page=2' });
    await screen.findByText('Zen Phone');
    const sidebar = screen.getByRole('form', { name: 'Product filters' });
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Category' }));
    await userEvent.click(within(sidebar).getByLabelText('Smartphones'));
    expect(router.state.location.search).toBe('?category=smartphones');
    await waitFor(() =>
      expect(productCalls(fetch).at(-1)).toBe('GET /api/products?category=smartphones&_page=1&_limit=15'),
    );
    await userEvent.click(within(sidebar).getByLabelText('Smartphones'));
    expect(router.state.location.search).toBe('');
  });

  it('sorts from the Sort menu', async () => {
    stubCatalogue();
    const { router } = renderWithProviders(<ProductList />);
    await screen.findByText('Zen Phone');
    await userEvent.click(screen.getByRole('button', { name: 'Sort' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Price: Low to High' }));
    expect(router.state.location.search).toBe('?sort=price&order=asc');
    // By keyboard: the menu closes and the focus is back on Sort, for the next choice.
    const sort = screen.getByRole('button', { name: 'Sort' });
    sort.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('menuitem', { name: 'Best Rating' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.search).toBe('?sort=rating&order=desc');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(sort).toHaveFocus();
  });

  it('searches with the API\'s search (ranked, typo-forgiving), not q', async () => {
    const fetch = stubCatalogue();
    const { router } = renderWithProviders(<ProductList />);
    await screen.findByText('Zen Phone');
    expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('combobox', { name: 'Search products' }), 'zen{Enter}');
    expect(router.state.location.search).toBe('?q=zen');
    await waitFor(() => expect(productCalls(fetch).at(-1)).toBe('GET /api/products?_page=1&_limit=15&search=zen'));
  });

  it('says what a corrected search shows results for (X-Search-Corrected)', async () => {
    const corrected = (url: URL): Record<string, string> => (url.searchParams.get('search') === 'runing sheos' ? { 'X-Search-Corrected': 'running shoes' } : {});
    stubFetch({
      'GET /api/products': ({ url }) => jsonResponse([product({ id: 1, title: 'Zen Shoes' })], 200, { 'X-Total-Count': '1', ...corrected(url) }),
      'GET /api/categories': () => jsonResponse(categories),
      'GET /api/brands': () => jsonResponse(brands),
      'GET /api/products/facets': () => jsonResponse(facets()),
    });
    const { router } = renderWithProviders(<ProductList />, { route: '/?q=runing%20sheos' });
    const note = await screen.findByText(/Showing results for/);
    expect(note).toHaveAttribute('role', 'status');
    expect(note).toHaveTextContent('Showing results for running shoes');
    expect(await screen.findByText('Zen Shoes')).toBeInTheDocument();
    await router.navigate('/?q=shoes');
    await waitFor(() => expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument());
  });

  it('says "about" when the total is the server\'s estimate (X-Total-Count-Estimated), and not once it is exact', async () => {
    const estimate = (url: URL): Record<string, string> => (url.searchParams.get('search') === 'shoes' ? { 'X-Total-Count-Estimated': 'true' } : {});
    stubFetch({
      'GET /api/products': ({ url }) => jsonResponse([product({ id: 1, title: 'Zen Shoes' })], 200, { 'X-Total-Count': '13500', ...estimate(url) }),
      'GET /api/categories': () => jsonResponse(categories),
      'GET /api/brands': () => jsonResponse(brands),
      'GET /api/products/facets': () => jsonResponse(facets()),
    });
    const { router } = renderWithProviders(<ProductList />, { route: '/?q=shoes' });
    const showing = (text: string) => screen.findByText((_, el) => el?.tagName === 'P' && el.textContent === text);
    expect(await showing('Showing 1 to 15 of about 13500 results')).toBeInTheDocument();
    await router.navigate('/?q=boots');
    expect(await showing('Showing 1 to 15 of 13500 results')).toBeInTheDocument();
  });

  it('a product suggestion opens the product; a category suggestion becomes a filter in place of the text', async () => {
    const suggestions = { products: [{ id: 5, title: 'Zen Tab', thumbnail: '/t.svg' }], categories: [{ value: 'laptops', label: 'Laptops' }], brands: [] };
    stubCatalogue({ suggest: () => jsonResponse(suggestions) });
    const { router } = renderWithProviders(<ProductList />, { route: '/?q=old&page=2', routes: [landing('/products/:id')] });
    await screen.findByText('Zen Phone');
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await userEvent.clear(box);
    await userEvent.type(box, 'lap');
    await userEvent.click(await screen.findByRole('option', { name: 'Laptops' }));
    expect(router.state.location.search).toBe('?category=laptops');
    expect(box).toHaveValue('');
    await userEvent.type(box, 'zen');
    await screen.findByRole('option', { name: 'Zen Tab' });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(router.state.location.pathname).toBe('/products/5');
  });

  it('goes back to page 1 when the results no longer reach the page', async () => {
    stubCatalogue({ total: 3 });
    const { router } = renderWithProviders(<ProductList />, { route: '/?page=5' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows a loader, then an error with a retry when the call fails', async () => {
    let fail = true;
    stubFetch({
      'GET /api/products': () => (fail ? jsonResponse({ message: 'Server down' }, 500) : jsonResponse([product()], 200, { 'X-Total-Count': '1' })),
      'GET /api/categories': () => jsonResponse(categories),
      'GET /api/brands': () => jsonResponse(brands),
      'GET /api/products/facets': () => jsonResponse(facets()),
    });
    renderWithProviders(<ProductList />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading products…');
    expect(await screen.findByRole('alert')).toHaveTextContent('Server down');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Novaphone Zen 8')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('admin mode adds the product links and the Show filter', async () => {
    const fetch = stubCatalogue();
    const { router } = renderWithProviders(<ProductList admin />);
    await screen.findByText('Zen Phone');
    expect(screen.getByRole('link', { name: 'Add New Product' })).toHaveAttribute('href', '/admin/product-form');
    expect(screen.getByRole('link', { name: 'Edit Product: Zen Phone' })).toHaveAttribute('href', '/admin/product-form/edit/1');
    expect(screen.getByRole('link', { name: /^Zen Phone/ })).toHaveAttribute('href', '/admin/productdetail/1');
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'deleted');
    expect(router.state.location.search).toBe('?deleted=deleted');
    await waitFor(() => expect(productCalls(fetch).at(-1)).toBe('GET /api/products?_page=1&_limit=15&deleted=true'));
  });

  it('shopper mode ignores the admin-only deleted param', async () => {
    const fetch = stubCatalogue();
    renderWithProviders(<ProductList />, { route: '/?deleted=deleted' });
    await screen.findByText('Zen Phone');
    expect(productCalls(fetch)).toEqual(['GET /api/products?_page=1&_limit=15']);
    expect(screen.queryByLabelText('Show')).not.toBeInTheDocument();
  });
});
