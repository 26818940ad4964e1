import { createSlice } from '@reduxjs/toolkit';
import type { ListingQuery } from '../../lib/listingQuery';
import { createAppAsyncThunk, rejectedMessage, toRejectValue } from '../../lib/thunk';
import type { FilterOption, Product } from '../../types';
import { loggedOut } from '../auth/authActions';
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
  /** Loading the category or brand lists failed. */
  filtersError: string | null;
  /** The latest list request: answers to older ones are dropped. */
  listRequestId: string | null;
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
  filtersError: null,
  listRequestId: null,
};

export const fetchProductsByFiltersAsync = createAppAsyncThunk(
  'products/fetchProductsByFilters',
  async (query: ListingQuery, { rejectWithValue }) => {
    try {
      const { data, total } = await productsAPI.fetchProductsByFilters(query);
      return { products: data, totalItems: total ?? data.length };
    } catch (error) {
      return rejectWithValue(toRejectValue(error));
    }
  },
);

export const fetchBrandsAsync = createAppAsyncThunk('products/fetchBrands', async (_: void, { rejectWithValue }) => {
  try {
    return (await productsAPI.fetchBrands()).data;
  } catch (error) {
    return rejectWithValue(toRejectValue(error));
  }
});

export const fetchCategoriesAsync = createAppAsyncThunk(
  'products/fetchCategories',
  async (_: void, { rejectWithValue }) => {
    try {
      return (await productsAPI.fetchCategories()).data;
    } catch (error) {
      return rejectWithValue(toRejectValue(error));
    }
  },
);

export const fetchProductByIdAsync = createAppAsyncThunk(
  'products/fetchProductById',
  async (id: number | string, { rejectWithValue }) => {
    try {
      return (await productsAPI.fetchProductById(id)).data;
    } catch (error) {
      return rejectWithValue(toRejectValue(error));
    }
  },
);

export const createProductAsync = createAppAsyncThunk(
  'products/createProduct',
  async (product: productsAPI.NewProduct, { rejectWithValue }) => {
    try {
      return (await productsAPI.createProduct(product)).data;
    } catch (error) {
      return rejectWithValue(toRejectValue(error));
    }
  },
);

export const updateProductAsync = createAppAsyncThunk(
  'products/updateProduct',
  async (product: productsAPI.ProductUpdate, { rejectWithValue }) => {
    try {
      return (await productsAPI.updateProduct(product)).data;
    } catch (error) {
      return rejectWithValue(toRejectValue(error));
    }
  },
);

const productsSlice = createSlice({
  name: 'products',
  initialState,
  reducers: {
    clearSelectedProduct(state) {
      state.selectedProduct = null;
      state.selectedProductError = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchProductsByFiltersAsync.pending, (state, action) => {
        state.status = 'loading';
        state.error = null;
        state.listRequestId = action.meta.requestId;
      })
      .addCase(fetchProductsByFiltersAsync.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.listRequestId) return;
        state.status = 'idle';
        state.products = action.payload.products;
        state.totalItems = action.payload.totalItems;
      })
      .addCase(fetchProductsByFiltersAsync.rejected, (state, action) => {
        if (action.meta.requestId !== state.listRequestId) return;
        state.status = 'idle';
        // Aborted: the page that asked is gone; nothing went wrong.
        if (!action.meta.aborted) state.error = rejectedMessage(action);
      })
      .addCase(fetchBrandsAsync.pending, (state) => {
        state.filtersError = null;
      })
      .addCase(fetchBrandsAsync.fulfilled, (state, action) => {
        state.brands = action.payload;
      })
      .addCase(fetchBrandsAsync.rejected, (state, action) => {
        state.filtersError = rejectedMessage(action);
      })
      .addCase(fetchCategoriesAsync.pending, (state) => {
        state.filtersError = null;
      })
      .addCase(fetchCategoriesAsync.fulfilled, (state, action) => {
        state.categories = action.payload;
      })
      .addCase(fetchCategoriesAsync.rejected, (state, action) => {
        state.filtersError = rejectedMessage(action);
      })
      .addCase(fetchProductByIdAsync.pending, (state) => {
        state.selectedProductStatus = 'loading';
        state.selectedProductError = null;
      })
      .addCase(fetchProductByIdAsync.fulfilled, (state, action) => {
        state.selectedProductStatus = 'idle';
        state.selectedProduct = action.payload;
      })
      .addCase(fetchProductByIdAsync.rejected, (state, action) => {
        state.selectedProductStatus = 'idle';
        state.selectedProduct = null;
        state.selectedProductError = rejectedMessage(action);
      })
      .addCase(createProductAsync.fulfilled, (state, action) => {
        state.products.push(action.payload);
      })
      .addCase(updateProductAsync.fulfilled, (state, action) => {
        const index = state.products.findIndex((p) => p.id === action.payload.id);
        if (index >= 0) state.products[index] = action.payload;
        if (state.selectedProduct?.id === action.payload.id) state.selectedProduct = action.payload;
      })
      .addCase(loggedOut, () => initialState);
  },
});

export const { clearSelectedProduct } = productsSlice.actions;
export default productsSlice.reducer;

type State = { products: ProductsState };
export const selectAllProducts = (state: State) => state.products.products;
export const selectTotalItems = (state: State) => state.products.totalItems;
export const selectBrands = (state: State) => state.products.brands;
export const selectCategories = (state: State) => state.products.categories;
/** The selected product (set by fetchProductByIdAsync). */
export const selectProductById = (state: State) => state.products.selectedProduct;
export const selectProductListStatus = (state: State) => state.products.status;
/** Has the list been asked for yet? Until then "no products" would be a false answer. */
export const selectProductListRequested = (state: State) => state.products.listRequestId !== null;
export const selectProductListError = (state: State) => state.products.error;
export const selectSelectedProductStatus = (state: State) => state.products.selectedProductStatus;
export const selectSelectedProductError = (state: State) => state.products.selectedProductError;
export const selectFiltersError = (state: State) => state.products.filtersError;
