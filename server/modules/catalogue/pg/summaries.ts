// Product summaries (PgStore delegates here): what a list of saved products shows of each — a
// few fields, its options, its lowest displayed price over all its variants (products.sale_price)
// and over those in stock (products.in_stock_price: both kept by the variants' triggers) — and
// only the variants asked for, so a product's hundreds of variants are never read out.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ProductSummary, VariantSummary } from '../port';
import { distinctIds } from '../../../db/rows';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export async function productSummaries(db: Db, productIds: readonly number[], variantIds: readonly number[]): Promise<{ products: ProductSummary[]; variants: VariantSummary[] }> {
  const wantedProducts = distinctIds(productIds);
  const wantedVariants = distinctIds(variantIds);
  const products =
    wantedProducts.length === 0
      ? []
      : await db
          .selectFrom('products as p')
          .select(['p.id', 'p.title', 'p.thumbnail', 'p.brand', 'p.price', 'p.discount_percentage', 'p.stock', 'p.deleted', 'p.minimum_order_quantity', 'p.options', 'p.sale_price', 'p.in_stock_price'])
          .where('p.id', '=', sql<number>`ANY(${wantedProducts}::int[])`)
          .execute();
  const variants =
    wantedVariants.length === 0
      ? []
      : await db
          .selectFrom('variants')
          .select(['id', 'product_id', 'sku', 'options', 'price', 'discount_percentage', 'stock'])
          .where('id', '=', sql<number>`ANY(${wantedVariants}::int[])`)
          .execute();
  return {
    products: products.map((r) => ({
      id: r.id,
      title: r.title,
      thumbnail: r.thumbnail,
      brand: r.brand,
      price: r.price,
      discountPercentage: r.discount_percentage,
      stock: r.stock,
      deleted: r.deleted,
      minimumOrderQuantity: r.minimum_order_quantity,
      options: r.options,
      salePrice: r.sale_price,
      inStockPrice: r.in_stock_price,
    })),
    variants: variants.map((r) => ({ id: r.id, product: r.product_id, sku: r.sku, options: r.options, price: r.price, discountPercentage: r.discount_percentage, stock: r.stock })),
  };
}
