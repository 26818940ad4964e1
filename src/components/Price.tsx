import { discountedPrice, formatPrice, originalPrice } from '../domain/pricing';
import type { Product } from '../domain/types';

interface PriceProps {
  product: Pick<Product, 'price' | 'discountPercentage'>;
  /** 'lg' on detail pages. */
  size?: 'sm' | 'lg';
  className?: string;
  /** The lowest of several prices (a product whose variants differ in price): "from $X". */
  from?: boolean;
}

/** The discounted price, with the original struck through when there is a discount. */
export default function Price({ product, size = 'sm', className = '', from = false }: PriceProps) {
  const now = discountedPrice(product);
  const before = originalPrice(product);
  const big = size === 'lg';
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className={big ? 'text-3xl font-semibold text-gray-900' : 'text-sm font-semibold text-gray-900'}>
        <span className="sr-only">Price: </span>
        {from && <span className={big ? 'text-lg font-normal text-gray-700' : 'font-normal text-gray-700'}>from </span>}
        {formatPrice(now)}
      </span>
      {before !== now && (
        <span className={big ? 'text-lg text-gray-600' : 'text-sm text-gray-600'}>
          <span className="sr-only">Original price: </span>
          <del>{formatPrice(before)}</del>
        </span>
      )}
    </p>
  );
}
