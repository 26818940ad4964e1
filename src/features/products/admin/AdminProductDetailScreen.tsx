import { Link, useParams } from 'react-router-dom';
import { PencilSquareIcon } from '@heroicons/react/20/solid';
import { useAppSelector } from '../../../lib/hooks';
import Price from '../../../components/Price';
import { PageSpinner } from '../../../components/Spinner';
import StarRating from '../../../components/StarRating';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import {
  selectProductById,
  selectSelectedProductError,
} from '../productsSlice';
import { useSelectedProduct } from '../useSelectedProduct';
import { useTaxonomyLabels } from '../useTaxonomyLabels';
import ProductFacts from '../components/ProductFacts';
import ProductLoadError from '../components/ProductLoadError';
import ProductReviews from '../components/ProductReviews';
import RemoveReview from './RemoveReview';
import VariantSummary from './VariantSummary';
import { buttonClass } from '../../../components/controls';
import { useFocusNeighbour } from '../../../lib/useFocusNeighbour';

/** /admin/productdetail/:id — the product as the admin sees it, deleted or not. */
export default function AdminProductDetailScreen() {
  const { id = '' } = useParams();
  const selected = useAppSelector(selectProductById);
  const error = useAppSelector(selectSelectedProductError);
  // The store may still hold the previously opened product.
  const product = selected && String(selected.id) === id ? selected : null;
  const names = useTaxonomyLabels();
  useDocumentTitle(product ? `Admin: ${product.title}` : 'Admin: Product');

  useSelectedProduct(id);
  // A removed review leaves the list: the focus goes to a neighbour's Remove, else to the heading.
  const focusNeighbour = useFocusNeighbour(() => document.getElementById('reviews-heading'));

  if (error) return <ProductLoadError id={id} error={error} back={{ to: '/admin', label: 'Back to the products' }} />;
  if (!product) return <PageSpinner label="Loading the product…" />;

  const pictures = [...new Set([product.thumbnail, ...product.images].filter(Boolean))];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <nav aria-label="Breadcrumb" className="text-sm text-gray-600">
        <Link to="/admin" className="font-medium text-brand-700 hover:underline">
          Admin products
        </Link>
        <span aria-hidden="true"> / </span>
        <span>{product.title}</span>
      </nav>

      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{product.title}</h1>
          {product.deleted && <p className="mt-2 text-sm font-semibold text-red-700">Product Deletd</p>}
        </div>
        <Link
          to={`/admin/product-form/edit/${product.id}`}
          className={buttonClass()}
        >
          <PencilSquareIcon aria-hidden="true" className="size-5" />
          Edit Product
        </Link>
      </div>

      <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4" aria-label="Images">
        {pictures.map((src, i) => (
          <li key={src} className="aspect-square overflow-hidden rounded-lg bg-gray-100">
            <img
              src={src}
              alt={i === 0 ? `${product.title}, thumbnail` : `${product.title}, image ${i}`}
              className="size-full object-cover"
            />
          </li>
        ))}
      </ul>

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="price-heading" className="lg:col-span-1">
          <h2 id="price-heading" className="text-lg font-semibold text-gray-900">
            Price
          </h2>
          <Price product={product} size="lg" className="mt-2" />
          <StarRating rating={product.rating} showValue className="mt-3" />
          <ProductFacts
            product={product}
            before={[
              ['Stock', product.stock],
              ['Brand', names.brand(product.brand)],
              ['Category', names.category(product.category)],
              ['Discount Percentage', `${product.discountPercentage} %`],
            ]}
          />
        </section>
        <section aria-labelledby="description-heading" className="lg:col-span-2">
          <h2 id="description-heading" className="text-lg font-semibold text-gray-900">
            Description
          </h2>
          <p className="mt-2 text-base text-gray-700">{product.description}</p>
          <h2 id="reviews-heading" tabIndex={-1} className="mt-8 text-lg font-semibold text-gray-900 focus:outline-none">
            Reviews
          </h2>
          <div data-rows>
            <ProductReviews
              reviews={product.reviews}
              actions={(review) => <RemoveReview productId={product.id} review={review} onRemoving={focusNeighbour} />}
            />
          </div>
        </section>
      </div>
      <VariantSummary product={product} />
    </div>
  );
}
