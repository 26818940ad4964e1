import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { toApiQuery } from '../../lib/listingQuery';
import { addReducer } from '../../lib/lazyReducers';
import { loggedOut } from '../../lib/session';
import { addLatestListCases, apiThunk, noRequest, phaseOf, rejectedMessage, type LatestRequest } from '../../lib/thunk';
import type { FilterOption, Product } from '../../domain/types';
import * as productsAPI from './productsAPI';

type Status = 'idle' | 'loading';

export interface ProductsState {
  products: Product[];
  brands: FilterOption[];
  categories: FilterOption[];
  /** The product list request. */
  status: Status;
  error: string | null;
  totalItems: number;
  selectedProduct: Product | null;
  /** The single-product request (detail pages and the edit form), apart from the list's. */
  selectedProductStatus: Status;
  selectedProductError: string | null;
  /** The single product asked for does not exist (the API answered 404), as opposed to a failed request. */
  selectedProductMissing: boolean;
  /** Loading the category or brand lists failed. */
  filtersError: string | null;
  /** The list's latest request, and the query its products answer. */
  latest: LatestRequest;
}

export const initialState: ProductsState = {
  products: [],
  brands: [],
  categories: [],
  status: 'idle',
  error: null,
  totalItems: 0,
  selectedProduct: null,
  selectedProductStatus: 'idle',
  selectedProductError: null,
  selectedProductMissing: false,
  filtersError: null,
  latest: noRequest,
};

export const fetchProductsByFiltersAsync = apiThunk('products/fetchProductsByFilters', productsAPI.fetchProductsByFilters);
export const fetchBrandsAsync = apiThunk('products/fetchBrands', productsAPI.fetchBrands);
export const fetchCategoriesAsync = apiThunk('products/fetchCategories', productsAPI.fetchCategories);
export const fetchProductByIdAsync = apiThunk('products/fetchProductById', productsAPI.fetchProductById);
export const createProductAsync = apiThunk('products/createProduct', productsAPI.createProduct);

const productsSlice = createSlice({
  name: 'products',
  initialState,
  reducers: {
    clearSelectedProduct(state) {
      state.selectedProduct = null;
      state.selectedProductError = null;
      state.selectedProductMissing = false;
    },
    /** A product as the server now has it (saved by the admin, reviewed): replaces its copies. */
    productReceived(state, action: PayloadAction<Product>) {
      const index = state.products.findIndex((p) => p.id === action.payload.id);
      if (index >= 0) state.products[index] = action.payload;
      if (state.selectedProduct?.id === action.payload.id) state.selectedProduct = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchBrandsAsync.fulfilled, (state, action) => {
        state.brands = action.payload;
      })
      .addCase(fetchCategoriesAsync.fulfilled, (state, action) => {
        state.categories = action.payload;
      })
      .addCase(fetchProductByIdAsync.pending, (state) => {
        state.selectedProductStatus = 'loading';
        state.selectedProductError = null;
        state.selectedProductMissing = false;
      })
      .addCase(fetchProductByIdAsync.fulfilled, (state, action) => {
        state.selectedProductStatus = 'idle';
        state.selectedProduct = action.payload;
      })
      .addCase(fetchProductByIdAsync.rejected, (state, action) => {
        state.selectedProductStatus = 'idle';
        state.selectedProduct = null;
        state.selectedProductError = rejectedMessage(action);
        state.selectedProductMissing = action.payload?.status === 404;
      })
      .addCase(createProductAsync.fulfilled, (state, action) => {
        state.products.push(action.payload);
      })
      .addCase(loggedOut, () => initialState);
    addLatestListCases(builder, fetchProductsByFiltersAsync, toApiQuery, (state, { products, totalItems }) => {
      state.products = products;
      state.totalItems = totalItems;
    });
    builder
      .addMatcher(phaseOf('pending', fetchBrandsAsync, fetchCategoriesAsync), (state) => {
        state.filtersError = null;
      })
      .addMatcher(phaseOf('rejected', fetchBrandsAsync, fetchCategoriesAsync), (state, action) => {
        state.filtersError = rejectedMessage(action);
      });
  },
});

export const { clearSelectedProduct, productReceived } = productsSlice.actions;
export const updateProductAsync = apiThunk('products/updateProduct', productsAPI.updateProduct, productReceived);
export default productsSlice.reducer;
// Not in the first load: the store takes it in when this module loads (lib/lazyReducers.ts).
addReducer('products', productsSlice.reducer);

type State = { products: ProductsState };
export const selectAllProducts = (state: State) => state.products.products;
export const selectTotalItems = (state: State) => state.products.totalItems;
export const selectBrands = (state: State) => state.products.brands;
export const selectCategories = (state: State) => state.products.categories;
/** The selected product (set by fetchProductByIdAsync). */
export const selectProductById = (state: State) => state.products.selectedProduct;
export const selectProductListStatus = (state: State) => state.products.status;
/** Has the list been asked for yet? Until then "no products" would be a false answer. */
export const selectProductListRequested = (state: State) => state.products.latest.requestId !== null;
export const selectProductListError = (state: State) => state.products.error;
export const selectSelectedProductStatus = (state: State) => state.products.selectedProductStatus;
export const selectSelectedProductError = (state: State) => state.products.selectedProductError;
export const selectSelectedProductMissing = (state: State) => state.products.selectedProductMissing;
export const selectFiltersError = (state: State) => state.products.filtersError;
