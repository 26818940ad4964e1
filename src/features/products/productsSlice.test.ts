import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { emptyListingQuery } from '../../lib/listingQuery';
import { withFilter, withSort } from '../../lib/listingParams';
import { MAX_PAGE_SIZE, SORT_OPTIONS } from '../../domain/constants';
import { calls, jsonResponse, product, stubFetch } from '../../test/utils';
import reducer, {
  clearSelectedProduct,
  productReceived,
  createProductAsync,
  fetchBrandsAsync,
  fetchCategoriesAsync,
  fetchProductByIdAsync,
  fetchProductsByFiltersAsync,
  initialState,
  updateProductAsync,
} from './productsSlice';

afterEach(() => vi.unstubAllGlobals());

const p1 = product({ id: 1 });
const p2 = product({ id: 2, title: 'Other' });

describe('productsSlice reducers', () => {
  it('create appends; a product received replaces the one with the same id (and the selected one)', () => {
    const list = { ...initialState, products: [p1], selectedProduct: p1 };
    const created = reducer(list, createProductAsync.fulfilled(p2, 'r', p2));
    expect(created.products).toEqual([p1, p2]);
    const deleted = { ...p1, deleted: true };
    const updated = reducer(created, productReceived(deleted));
    expect(updated.products[0].deleted).toBe(true);
    expect(updated.selectedProduct?.deleted).toBe(true);
  });

  it('an update announces the product the server answered (productReceived)', async () => {
    const deleted = { ...p1, deleted: true };
    stubFetch({ [`PATCH /api/products/${p1.id}`]: () => jsonResponse(deleted) });
    const store = makeStore({ products: { ...initialState, products: [p1], selectedProduct: p1 } });
    await store.dispatch(updateProductAsync({ id: p1.id, deleted: true }));
    expect(store.getState().products.selectedProduct).toEqual(deleted);
    expect(store.getState().products.products).toEqual([deleted]);
  });

  it('clearSelectedProduct empties the selected product', () => {
    expect(reducer({ ...initialState, selectedProduct: p1 }, clearSelectedProduct()).selectedProduct).toBeNull();
  });

  it('drops the answer of a list request a newer one superseded', () => {
    let state = reducer(initialState, fetchProductsByFiltersAsync.pending('old', emptyListingQuery()));
    state = reducer(state, fetchProductsByFiltersAsync.pending('new', emptyListingQuery()));
    state = reducer(state, fetchProductsByFiltersAsync.fulfilled({ products: [p1], totalItems: 1, corrected: null, estimated: false }, 'old', emptyListingQuery()));
    expect(state).toMatchObject({ products: [], status: 'loading' });
    state = reducer(state, fetchProductsByFiltersAsync.fulfilled({ products: [p2], totalItems: 7, corrected: null, estimated: false }, 'new', emptyListingQuery()));
    expect(state).toMatchObject({ products: [p2], totalItems: 7, status: 'idle' });
  });
});

describe('productsSlice thunks', () => {
  it('lists products with the filter, sort and paging query and X-Total-Count as totalItems', async () => {
    const fetch = stubFetch({ 'GET /api/products': () => jsonResponse([p1, p2], 200, { 'X-Total-Count': '42' }) });
    const store = makeStore();
    const query = withSort(withFilter(emptyListingQuery(), 'brand', 'Novaphone', true), SORT_OPTIONS[2]);
    const pending = store.dispatch(fetchProductsByFiltersAsync(query));
    expect(store.getState().products.status).toBe('loading');
    await pending;
    expect(calls(fetch)).toEqual(['GET /api/products?brand=Novaphone&_sort=salePrice&_order=desc&_page=1&_limit=15']);
    expect(store.getState().products).toMatchObject({ products: [p1, p2], totalItems: 42, status: 'idle', error: null });
  });

  it('a failed list keeps the message for the retry banner', async () => {
    stubFetch({ 'GET /api/products': () => jsonResponse({ message: 'Server down' }, 500) });
    const store = makeStore();
    await store.dispatch(fetchProductsByFiltersAsync(emptyListingQuery()));
    expect(store.getState().products).toMatchObject({ status: 'idle', error: 'Server down' });
  });

  it('loads categories and brands; a failure is kept apart', async () => {
    const categories = [{ id: 1, value: 'laptops', label: 'Laptops' }];
    const brands = [{ id: 1, value: 'Acme', label: 'Acme' }];
    stubFetch({ 'GET /api/categories': () => jsonResponse(categories), 'GET /api/brands': () => jsonResponse(brands) });
    const store = makeStore();
    await Promise.all([store.dispatch(fetchCategoriesAsync()), store.dispatch(fetchBrandsAsync())]);
    expect(store.getState().products).toMatchObject({ categories, brands, filtersError: null });

    stubFetch({ 'GET /api/brands': () => jsonResponse({ message: 'Server down' }, 500) });
    await store.dispatch(fetchBrandsAsync());
    expect(store.getState().products.filtersError).toBe('Server down');

    stubFetch({ 'GET /api/categories': () => jsonResponse({ message: 'Categories unavailable' }, 503) });
    await store.dispatch(fetchCategoriesAsync());
    expect(store.getState().products).toMatchObject({ categories, filtersError: 'Categories unavailable' });
  });

  it('reads every brand, page after page, when there are more than one answer holds', async () => {
    const all = Array.from({ length: MAX_PAGE_SIZE + 3 }, (_, i) => ({ id: i + 1, value: `B${i}`, label: `B${i}` }));
    const mock = stubFetch({
      'GET /api/brands': ({ url }) => {
        const page = Number(url.searchParams.get('_page'));
        const limit = Number(url.searchParams.get('_limit'));
        return jsonResponse(all.slice((page - 1) * limit, page * limit), 200, { 'X-Total-Count': String(all.length) });
      },
    });
    const store = makeStore();
    await store.dispatch(fetchBrandsAsync());
    expect(store.getState().products.brands).toEqual(all);
    expect(calls(mock).filter((c) => c.startsWith('GET /api/brands'))).toEqual([
      `GET /api/brands?_page=1&_limit=${MAX_PAGE_SIZE}`,
      `GET /api/brands?_page=2&_limit=${MAX_PAGE_SIZE}`,
    ]);
  });

  it('fetching one product sets selectedProduct; a 404 keeps its message', async () => {
    stubFetch({ 'GET /api/products/1': () => jsonResponse(p1), 'GET /api/products/99': () => jsonResponse({ message: 'Product not found' }, 404) });
    const store = makeStore();
    await store.dispatch(fetchProductByIdAsync(1));
    expect(store.getState().products).toMatchObject({ selectedProduct: p1, selectedProductStatus: 'idle' });
    const result = await store.dispatch(fetchProductByIdAsync(99));
    expect(result.payload).toMatchObject({ status: 404 });
    expect(store.getState().products).toMatchObject({ selectedProduct: null, selectedProductError: 'Product not found', selectedProductMissing: true });
    await store.dispatch(fetchProductByIdAsync(1));
    expect(store.getState().products).toMatchObject({ selectedProduct: p1, selectedProductError: null, selectedProductMissing: false });
  });

  it('a failed request (not a 404) is an error, not a missing product', async () => {
    stubFetch({ 'GET /api/products/1': () => jsonResponse({ message: 'Server down' }, 503) });
    const store = makeStore();
    await store.dispatch(fetchProductByIdAsync(1));
    expect(store.getState().products).toMatchObject({ selectedProductError: 'Server down', selectedProductMissing: false });
  });

  it('create posts the product; a 400 hands back the per-field errors', async () => {
    const draft: Partial<typeof p2> = { ...p2 };
    delete draft.id;
    const fetch = stubFetch({ 'POST /api/products': () => jsonResponse(p2, 201) });
    const store = makeStore();
    await store.dispatch(createProductAsync(draft as Omit<typeof p2, 'id'>));
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual(draft);
    expect(store.getState().products.products).toEqual([p2]);

    stubFetch({ 'POST /api/products': () => jsonResponse({ message: 'Invalid product', errors: { price: 'price must be at least 1' } }, 400) });
    const result = await store.dispatch(createProductAsync({ ...(draft as Omit<typeof p2, 'id'>), price: 0 }));
    expect(result.payload).toEqual({ message: 'Invalid product', errors: { price: 'price must be at least 1' }, status: 400 });
  });

  it('soft delete is a PATCH with deleted: true', async () => {
    const fetch = stubFetch({ 'PATCH /api/products/1': ({ body }) => jsonResponse({ ...p1, ...(body as object) }) });
    const store = makeStore({ products: { ...initialState, products: [p1] } });
    await store.dispatch(updateProductAsync({ ...p1, deleted: true }));
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toMatchObject({ id: 1, deleted: true });
    expect(store.getState().products.products[0].deleted).toBe(true);
  });

  it('a refused update hands back the per-field errors and leaves the stored product as it was', async () => {
    const errors = { price: 'price must be at most 10000' };
    stubFetch({ 'PATCH /api/products/1': () => jsonResponse({ message: 'Invalid product', errors }, 400) });
    const store = makeStore({ products: { ...initialState, products: [p1], selectedProduct: p1 } });
    const result = await store.dispatch(updateProductAsync({ ...p1, price: 20000 }));
    expect(result.meta.requestStatus).toBe('rejected');
    expect(result.payload).toEqual({ message: 'Invalid product', errors, status: 400 });
    expect(store.getState().products).toMatchObject({ products: [p1], selectedProduct: p1 });
  });
});
