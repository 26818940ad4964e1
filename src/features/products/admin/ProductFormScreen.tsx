import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ArrowUturnLeftIcon, TrashIcon } from '@heroicons/react/20/solid';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useAppAlert } from '../../../components/Alerts';
import ErrorMessage from '../../../components/ErrorMessage';
import { PageSpinner } from '../../../components/Spinner';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import type { RejectValue } from '../../../lib/thunk';
import type { Product } from '../../../domain/types';
import type { NewProduct } from '../productsAPI';
import {
  clearSelectedProduct,
  createProductAsync,
  fetchBrandsAsync,
  fetchCategoriesAsync,
  fetchProductByIdAsync,
  selectBrands,
  selectCategories,
  selectFiltersError,
  selectProductById,
  selectSelectedProductError,
  updateProductAsync,
} from '../productsSlice';
import ConfirmDialog from '../../../components/ConfirmDialog';
import ProductForm from './ProductForm';
import { toFormValues, type ProductInput } from './productFormValues';
import { changesOf } from './productChanges';
import type { ProductWithVariants } from '../useVariantChoice';
import { Button } from '../../../components/controls';
import { useFocusAfter } from '../../../lib/useFocusAfter';

/** /admin/product-form (new) and /admin/product-form/edit/:id. */
export default function ProductFormScreen() {
  const { id } = useParams();
  const editing = id !== undefined;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const alert = useAppAlert();
  const brands = useAppSelector(selectBrands);
  const categories = useAppSelector(selectCategories);
  const filtersError = useAppSelector(selectFiltersError);
  const selected = useAppSelector(selectProductById);
  const productError = useAppSelector(selectSelectedProductError);
  const product = editing && selected && String(selected.id) === id ? selected : null;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  // Delete and Restore swap places: the focus goes to whichever is there once one has run.
  const [deleteOrRestore, refocus] = useFocusAfter<HTMLButtonElement>();
  /** Both option lists have answered (empty lists included), so a spinner would wait forever. */
  const [optionsLoaded, setOptionsLoaded] = useState(false);
  useDocumentTitle(editing ? 'Admin: Edit Product' : 'Admin: Add Product');

  useEffect(() => {
    let live = true;
    void Promise.all([dispatch(fetchBrandsAsync()), dispatch(fetchCategoriesAsync())]).then(() => {
      if (live) setOptionsLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [dispatch]);

  useEffect(() => {
    if (id === undefined) return;
    dispatch(fetchProductByIdAsync(id));
    return () => {
      dispatch(clearSelectedProduct());
    };
  }, [dispatch, id]);

  async function save(input: ProductInput) {
    try {
      const saved = product
        ? await dispatch(updateProductAsync(changesOf(product, input))).unwrap()
        : // The details the form has no field for (weight, warranty…) get the server's defaults.
          await dispatch(createProductAsync(input as NewProduct)).unwrap();
      alert.success(product ? 'Product Updated' : 'Product Created');
      navigate(`/admin/productdetail/${saved.id}`);
      return undefined;
    } catch (error) {
      const rejection = error as RejectValue;
      alert.error(`The product was not saved: ${rejection.message}`);
      return rejection.errors;
    }
  }

  async function setDeleted(current: Product, deleted: boolean) {
    setBusy(true);
    try {
      // Only `deleted`: what else changed meanwhile (stock, price) stays as it is.
      await dispatch(updateProductAsync({ id: current.id, deleted })).unwrap();
      alert.success(deleted ? 'Product Deleted' : 'Product Restored');
    } catch (error) {
      alert.error(`${deleted ? 'Delete' : 'Restore'} failed: ${(error as RejectValue).message}`);
    } finally {
      setBusy(false);
      setConfirming(false);
      refocus();
    }
  }

  const retry = () => {
    dispatch(fetchBrandsAsync());
    dispatch(fetchCategoriesAsync());
    if (id !== undefined) dispatch(fetchProductByIdAsync(id));
  };
  const loadError = productError ?? filtersError;
  const optionsReady = brands.length > 0 && categories.length > 0;

  let body;
  if (loadError) {
    body = <ErrorMessage title="The form could not be loaded" message={loadError} onRetry={retry} />;
  } else if (optionsLoaded && !optionsReady) {
    body = (
      <ErrorMessage
        title="There is nothing to choose from yet"
        message="The shop has no brands or no categories, and a product needs both."
        onRetry={retry}
      />
    );
  } else if (!optionsReady || (editing && !product)) {
    body = <PageSpinner label="Loading the form…" />;
  } else {
    body = (
      <>
        {product?.deleted && (
          <p className="mx-4 mb-2 rounded-md bg-red-50 p-3 text-sm font-semibold text-red-700 sm:mx-8">
            Product Deletd
          </p>
        )}
        <ProductForm
          // A fresh form per product, so its default values are that product's.
          key={product?.id ?? 'new'}
          defaultValues={product ? toFormValues(product) : undefined}
          variants={(product as ProductWithVariants | null) ?? undefined}
          brands={brands}
          categories={categories}
          onSubmit={save}
          onCancel={() => navigate('/admin')}
          actions={
            product &&
            (product.deleted ? (
              <Button ref={deleteOrRestore} look="secondary" className="mr-auto" busy={busy} onClick={() => void setDeleted(product, false)}>
                <ArrowUturnLeftIcon aria-hidden="true" className="size-4" />
                Restore this Product
              </Button>
            ) : (
              <Button ref={deleteOrRestore} look="danger" className="mr-auto" busy={busy} onClick={() => setConfirming(true)}>
                <TrashIcon aria-hidden="true" className="size-4" />
                Delete this Product
              </Button>
            ))
          }
        />
        {product && (
          <ConfirmDialog
            open={confirming}
            title="Delete this product?"
            message={`“${product.title}” will be flagged 'Product Deletd' and can no longer be added to a cart. You can restore it later.`}
            confirmLabel="Delete"
            busy={busy}
            onConfirm={() => setDeleted(product, true)}
            onCancel={() => setConfirming(false)}
          />
        )}
      </>
    );
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">
          {editing ? 'Edit Product' : 'Add New Product'}
        </h1>
        {product && (
          <Link
            to={`/admin/productdetail/${product.id}`}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            View this product
          </Link>
        )}
      </div>
      <div className="rounded-lg shadow-sm ring-1 ring-gray-900/5">{body}</div>
    </div>
  );
}
