import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../../lib/hooks';
import Price from '../../../components/Price';
import { PageSpinner } from '../../../components/Spinner';
import StarRating, { reviewCountText } from '../../../components/StarRating';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import type { Product } from '../../../domain/types';
import ProductFacts from './ProductFacts';
import ProductGallery from './ProductGallery';
import ProductLoadError from './ProductLoadError';
import ProductOptions from './ProductOptions';
import ProductReviews from './ProductReviews';
import YourReview from './YourReview';
import {
  selectProductById,
  selectSelectedProductError,
  selectSelectedProductMissing,
  selectSelectedProductStatus,
} from '../productsSlice';
import { useSelectedProduct } from '../useSelectedProduct';
import { useTaxonomyLabels } from '../useTaxonomyLabels';
import { chosenLabel, useVariantChoice, type ProductWithVariants } from '../useVariantChoice';
import { shownImage, shownPricing } from '../variantChoice';
import { PRICES_BEFORE_TAX } from '../../../domain/pricing';

/** What 'Add to Cart' needs to know of the shopper's choice of a variant. */
export interface VariantSelection {
  /** The product has options: the request names the variant, and only a full choice has one. */
  hasOptions: boolean;
  /** The variant being bought (the chosen one; the single one of a product without options). */
  variant: { id: number; stock: number } | undefined;
  /** "Size 44 / Colour Black"; '' without options. */
  label: string;
  /** Says which options are still to choose and moves focus to the first of them. */
  askForChoice: () => void;
}

interface ProductDetailProps {
  id: string;
  /** What the shopper can do with the product (the page puts the cart's 'Add to Cart' here). */
  buy: (product: Product, selection: VariantSelection) => ReactNode;
}

/** The shopper's product page: images, price, rating, the variant's choices, details, reviews. */
export default function ProductDetail({ id, buy }: ProductDetailProps) {
  const product = useAppSelector(selectProductById);
  const status = useAppSelector(selectSelectedProductStatus);
  const error = useAppSelector(selectSelectedProductError);
  const missing = useAppSelector(selectSelectedProductMissing);
  useDocumentTitle(missing ? 'Product not found' : (product?.title ?? 'Product'));

  useSelectedProduct(id);

  if (error) return <ProductLoadError id={id} error={error} back={{ to: '/', label: 'Back to all products' }} />;
  if (status === 'loading' || !product || String(product.id) !== id) return <PageSpinner label="Loading product…" />;

  // Keyed by product: another product's page starts from its own link and choice.
  return <ProductView key={product.id} product={product} buy={buy} />;
}

function ProductView({ product, buy }: { product: ProductWithVariants; buy: ProductDetailProps['buy'] }) {
  const choice = useVariantChoice(product);
  const names = useTaxonomyLabels();
  const { variant, options } = choice;
  const chosen = options.length > 0 ? variant : undefined;
  const { pricing, from } = shownPricing(product, choice.variants, chosen);
  const stock = variant ? variant.stock : product.stock;
  const images = product.images.length > 0 ? product.images : [product.thumbnail];
  const selection: VariantSelection = {
    hasOptions: options.length > 0,
    variant,
    label: chosenLabel(choice),
    askForChoice: choice.askForChoice,
  };

  return (
    <div className="bg-white">
      <div className="mx-auto max-w-7xl px-4 pt-4 sm:px-6 sm:pt-6 lg:px-8">
        <nav aria-label="Breadcrumb">
          <ol className="flex items-center gap-2 text-sm whitespace-nowrap text-gray-600">
            <li>
              <Link to="/" className="font-medium hover:text-gray-900">
                All Products
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li>{names.category(product.category)}</li>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="min-w-0 truncate font-medium text-gray-900">
              {product.title}
            </li>
          </ol>
        </nav>

        <div className="mt-4 grid grid-cols-1 gap-x-8 gap-y-4 lg:mt-6 lg:grid-cols-[minmax(0,28rem)_1fr]">
          <ProductGallery title={product.title} images={images} alts={product.images.length > 0 ? product.imageAlt : undefined} shown={shownImage(choice.variants, choice.choice)} />
          {/* Title, price, rating and 'Add to Cart' first: on a phone they fit under the image. */}
          <div className="lg:max-w-xl">
            <h1 className="text-xl font-bold tracking-tight text-gray-900 sm:text-3xl">{product.title}</h1>
            <p className="text-sm text-gray-600">
              {names.brand(product.brand)} · {names.category(product.category)}
            </p>
            <h2 className="sr-only">Product information</h2>
            <div className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 lg:mt-4 lg:block">
              <div>
                <Price product={pricing} from={from} size="lg" />
                <p className="text-xs text-gray-600">{PRICES_BEFORE_TAX}</p>
              </div>
              {/* The count under the stars: the block stays as narrow as the price's neighbour on a phone. */}
              <div className="lg:mt-4">
                <div className="flex items-center gap-2">
                  <StarRating rating={product.rating} />
                  <p className="text-sm text-gray-700">{product.rating.toFixed(1)} out of 5 stars</p>
                </div>
                <p className="text-sm text-gray-700">{reviewCountText(product.reviews.length)}</p>
              </div>
            </div>
            {product.deleted && <p className="mt-2 text-sm font-semibold text-red-700">Product Deletd</p>}
            {buy(product, selection)}
            {options.length > 0 && (
              <div className="mt-6">
                <ProductOptions state={choice} />
              </div>
            )}
          </div>
        </div>

        <div className="max-w-3xl pt-10 pb-16">
          <h2 className="sr-only">Description</h2>
          <p className="text-base text-gray-800">{product.description}</p>

          <h2 className="mt-10 text-sm font-medium text-gray-900">Details</h2>
          <ProductFacts product={product} after={[['In stock', Math.max(0, stock)]]} />

          <section aria-labelledby="reviews-heading" className="mt-10">
            <h2 id="reviews-heading" className="text-lg font-medium text-gray-900">
              Reviews
            </h2>
            <ProductReviews reviews={product.reviews} />
            <YourReview product={product} />
          </section>
        </div>
      </div>
    </div>
  );
}
