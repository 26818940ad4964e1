import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../lib/hooks';
import Price from '../../../components/Price';
import { PageSpinner } from '../../../components/Spinner';
import StarRating from '../../../components/StarRating';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import type { Product } from '../../../types';
import ProductFacts from './ProductFacts';
import ProductLoadError from './ProductLoadError';
import ProductOptions from './ProductOptions';
import ProductReviews from './ProductReviews';
import {
  selectProductById,
  selectSelectedProductError,
  selectSelectedProductStatus,
} from '../productsSlice';
import { useSelectedProduct } from '../useSelectedProduct';

interface ProductDetailProps {
  id: string;
  /** What the shopper can do with the product (the page puts the cart's 'Add to Cart' here). */
  buy: (product: Product) => ReactNode;
}

/** The shopper's product page (SPEC §2): images, price, rating, static choices, details, reviews. */
export default function ProductDetail({ id, buy }: ProductDetailProps) {
  const product = useAppSelector(selectProductById);
  const status = useAppSelector(selectSelectedProductStatus);
  const error = useAppSelector(selectSelectedProductError);
  useDocumentTitle(product?.title ?? 'Product');

  useSelectedProduct(id);

  if (error) return <ProductLoadError id={id} error={error} back={{ to: '/', label: 'Back to all products' }} />;
  if (status === 'loading' || !product || String(product.id) !== id) return <PageSpinner label="Loading product…" />;

  const images = (product.images.length > 0 ? product.images : [product.thumbnail]).slice(0, 3);

  return (
    <div className="bg-white">
      <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
        <nav aria-label="Breadcrumb">
          <ol className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
            <li>
              <Link to="/" className="font-medium hover:text-gray-900">
                All Products
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li>{product.category}</li>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="font-medium text-gray-900">
              {product.title}
            </li>
          </ol>
        </nav>

        <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
          {images.map((src, index) => (
            <div key={src + index} className="aspect-square overflow-hidden rounded-lg bg-gray-100">
              <img
                src={src}
                alt={`${product.title}, image ${index + 1} of ${images.length}`}
                width={600}
                height={600}
                className="size-full object-cover object-center"
              />
            </div>
          ))}
        </div>

        <div className="grid grid-cols-1 gap-10 pt-10 pb-16 lg:grid-cols-3 lg:gap-x-8">
          <div className="lg:col-span-2 lg:border-r lg:border-gray-200 lg:pr-8">
            <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{product.title}</h1>
            <p className="mt-1 text-sm text-gray-600">
              {product.brand} · {product.category}
            </p>
            <h2 className="sr-only">Description</h2>
            <p className="mt-6 text-base text-gray-800">{product.description}</p>

            <h2 className="mt-10 text-sm font-medium text-gray-900">Details</h2>
            <ProductFacts product={product} after={[['In stock', Math.max(0, product.stock)]]} />

            <section aria-labelledby="reviews-heading" className="mt-10">
              <h2 id="reviews-heading" className="text-lg font-medium text-gray-900">
                Reviews
              </h2>
              <ProductReviews reviews={product.reviews} />
            </section>
          </div>

          <div className="lg:row-start-1 lg:col-start-3">
            <h2 className="sr-only">Product information</h2>
            <Price product={product} size="lg" />
            <div className="mt-4 flex items-center gap-2">
              <StarRating rating={product.rating} />
              <p className="text-sm text-gray-700">{product.rating.toFixed(1)} out of 5 stars</p>
            </div>
            {product.deleted && <p className="mt-4 text-sm font-semibold text-red-700">Product Deletd</p>}
            <div className="mt-8">
              <ProductOptions />
            </div>
            {buy(product)}
          </div>
        </div>
      </div>
    </div>
  );
}
