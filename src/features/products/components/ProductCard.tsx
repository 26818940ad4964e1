import { PencilSquareIcon } from '@heroicons/react/20/solid';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import Price from '../../../components/Price';
import StarRating from '../../../components/StarRating';
import type { PricedProduct, Product } from '../../../domain/types';
import { discountedPrice } from '../../../domain/pricing';
import { mediaSrcSet } from '../../../domain/media';
import { buttonClass } from '../../../components/controls';

/** A listed product: the API adds salePrice and priceVaries (absent in older answers and tests). */
type CardProduct = Product & Partial<Pick<PricedProduct, 'salePrice' | 'priceVaries'>>;

/** A button over a card's corner, handed in by the page that lists the cards (the home page's wishlist heart). */
export type CardAction = ComponentType<{ product: CardProduct; className: string }>;

interface ProductCardProps {
  product: CardProduct;
  admin?: boolean;
  action?: CardAction;
}

/** Thumbnail, title, rating and prices; 'Product Deletd' on deleted products. */
export default function ProductCard({ product, admin = false, action: Action }: ProductCardProps) {
  const to = admin ? `/admin/productdetail/${product.id}` : `/products/${product.id}`;
  return (
    <div className="relative flex h-full flex-col rounded-md border border-gray-200 p-2">
      <Link to={to} className="group flex flex-1 flex-col rounded focus-visible:outline-2 focus-visible:outline-brand-600">
        <div className="aspect-square w-full overflow-hidden rounded-md bg-gray-100">
          <img
            src={product.thumbnail}
            // An uploaded image comes in three widths: a phone's two columns take a narrow one.
            srcSet={mediaSrcSet(product.thumbnail)}
            sizes="(min-width: 768px) 33vw, 50vw"
            // The thumbnail's description when it is one of the images and has one; else the title.
            alt={product.imageAlt?.[product.images.indexOf(product.thumbnail)] || product.title}
            width={300}
            height={300}
            loading="lazy"
            className="size-full object-cover object-center group-hover:opacity-80"
          />
        </div>
        <div className="mt-3 flex flex-1 flex-col gap-1">
          <h3 className="text-sm font-medium text-gray-900 group-hover:underline">{product.title}</h3>
          <StarRating rating={product.rating} showValue reviewCount={product.reviews.length} />
          <Price {...cardPrice(product)} />
          {product.deleted && <p className="text-sm font-medium text-red-700">Product Deletd</p>}
          {!product.deleted && product.stock <= 0 && <p className="text-sm font-medium text-amber-800">Out of stock</p>}
        </div>
      </Link>
      {/* Beside the link, not in it: a button inside a link is read and tabbed as neither. */}
      {Action && <Action product={product} className="absolute top-4 right-4" />}
      {admin && (
        <Link
          to={`/admin/product-form/edit/${product.id}`}
          aria-label={`Edit Product: ${product.title}`}
          className={buttonClass('primary', 'sm', 'mt-3')}
        >
          <PencilSquareIcon aria-hidden="true" className="size-4" />
          Edit Product
        </Link>
      )}
    </div>
  );
}

/**
 * The card's price: the lowest a shopper would pay (salePrice), "from" it when the variants differ
 * in price; beside the struck-through list price only when that lowest is the product's own.
 */
function cardPrice(p: CardProduct) {
  const own = p.salePrice === undefined || p.salePrice === discountedPrice(p);
  return { product: own ? p : { price: p.salePrice!, discountPercentage: 0 }, from: p.priceVaries };
}
