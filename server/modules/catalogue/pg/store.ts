// The catalogue part of the postgres adapter (server/modules/catalogue/port.ts): product lists
// (catalogue.ts), categories and brands (filterOptions.ts), products by id and the admin's writes
// (productWrites.ts), and the stock an order locks, takes and moves (variantStock.ts). A mixin
// over PgBase, like every part of PgStore.
import type { FilterOption, Product, ProductNotify } from '../../../../src/domain/types';
import type { LockedProduct } from '../variantTypes';
import type { FilterOptionField, ListedProduct, ListQuery, NewProduct, Page, ProductChanges, ProductListField, ProductSummary, Tx, ValueCount, VariantProduct, VariantSummary } from '../../../db/port';
import { trxOf, type PgClass } from '../../../db/pgBase';
import * as catalogue from './catalogue';
import { listFilterOptions } from './filterOptions';
import * as productWrites from './productWrites';
import * as summaries from './summaries';
import * as variantStock from './variantStock';
import * as taxonomy from './taxonomy';
import * as importJobs from './importJobs';
import type { TaxonomyItem, TaxonomyKind } from '../port';
import { nearestWords } from './searchRanking';
import { skuOwners } from './variants';

export function withCatalogue<T extends PgClass>(Base: T) {
  return class PgCatalogue extends Base {
    listProducts(query: ListQuery<ProductListField>): Promise<Page<ListedProduct>> {
      return catalogue.listProducts(this.db, query);
    }
    countProducts(query: ListQuery<ProductListField>): Promise<number> {
      return catalogue.countProducts(this.db, query);
    }
    countProductsBy(field: 'category' | 'brand', query: ListQuery<ProductListField>): Promise<ValueCount[]> {
      return catalogue.countProductsBy(this.db, field, query);
    }
    salePriceRange(query: ListQuery<ProductListField>): Promise<{ min: number; max: number } | undefined> {
      return catalogue.salePriceRange(this.db, query);
    }
    suggestProducts(terms: readonly string[], limit: number): Promise<Pick<Product, 'id' | 'title' | 'thumbnail'>[]> {
      return catalogue.suggestProducts(this.db, terms, limit);
    }
    correctSearch(terms: readonly string[]): Promise<string[] | undefined> {
      return nearestWords(this.db, terms);
    }
    listCategories(query: ListQuery<FilterOptionField>): Promise<Page<FilterOption>> {
      return listFilterOptions(this.db, 'categories', query);
    }
    listBrands(query: ListQuery<FilterOptionField>): Promise<Page<FilterOption>> {
      return listFilterOptions(this.db, 'brands', query);
    }
    listTaxonomy(kind: TaxonomyKind, tx?: Tx): Promise<TaxonomyItem[]> {
      return taxonomy.listTaxonomy(tx ? trxOf(tx) : this.db, kind);
    }
    lockTaxonomy(tx: Tx, kind: TaxonomyKind): Promise<void> {
      return taxonomy.lockTaxonomy(trxOf(tx), kind);
    }
    insertTaxonomy(tx: Tx, kind: TaxonomyKind, fields: { value: string; label: string }): Promise<TaxonomyItem> {
      return taxonomy.insertTaxonomy(trxOf(tx), kind, fields);
    }
    updateTaxonomy(tx: Tx, kind: TaxonomyKind, id: number, fields: { value: string; label: string }): Promise<void> {
      return taxonomy.updateTaxonomy(trxOf(tx), kind, id, fields);
    }
    deleteTaxonomy(tx: Tx, kind: TaxonomyKind, id: number): Promise<void> {
      return taxonomy.deleteTaxonomy(trxOf(tx), kind, id);
    }
    moveTaxonomyProducts(tx: Tx, kind: TaxonomyKind, from: string, to: string): Promise<number[]> {
      return taxonomy.moveProducts(trxOf(tx), kind, from, to);
    }
    productById(id: number): Promise<VariantProduct | undefined> {
      return productWrites.productById(this.db, id);
    }
    productsByIds(ids: readonly number[], tx?: Tx): Promise<VariantProduct[]> {
      return productWrites.productsByIds(tx ? trxOf(tx) : this.db, ids);
    }
    productSummaries(productIds: readonly number[], variantIds: readonly number[]): Promise<{ products: ProductSummary[]; variants: VariantSummary[] }> {
      return summaries.productSummaries(this.db, productIds, variantIds);
    }
    insertProduct(tx: Tx, product: NewProduct): Promise<VariantProduct> {
      return productWrites.insertProduct(trxOf(tx), product);
    }
    insertProducts(tx: Tx, products: readonly NewProduct[]): Promise<VariantProduct[]> {
      return productWrites.insertProducts(trxOf(tx), products);
    }
    updateProduct(tx: Tx, product: VariantProduct, changes: ProductChanges): Promise<VariantProduct | undefined> {
      return productWrites.updateProduct(trxOf(tx), product, changes);
    }
    openImportJob(): Promise<number> {
      return importJobs.openImportJob(this.db);
    }
    addToImportJob(tx: Tx, job: number, ids: readonly number[]): Promise<boolean> {
      return importJobs.addToImportJob(trxOf(tx), job, ids);
    }
    closeImportJob(tx: Tx, job: number): Promise<boolean> {
      return importJobs.closeImportJob(trxOf(tx), job);
    }
    idleImportJobs(idleMs: number): Promise<number[]> {
      return importJobs.idleImportJobs(this.db, idleMs);
    }
    undoImportBatch(job: number, batch: number): Promise<number> {
      return importJobs.undoImportBatch(this.db, job, batch);
    }
    skuOwners(skus: readonly string[]): Promise<Map<string, number>> {
      return skuOwners(this.db, skus);
    }
    productNotify(id: number): Promise<ProductNotify | undefined> {
      return productWrites.productNotify(this.db, id);
    }
    lockProducts(tx: Tx, ids: readonly number[]): Promise<LockedProduct[]> {
      return variantStock.lockProducts(trxOf(tx), ids);
    }
    takeStock(tx: Tx, lines: readonly { product: number; variant: number; quantity: number }[]): Promise<{ product: number; variant: number } | undefined> {
      return variantStock.takeVariantStock(trxOf(tx), lines);
    }
    moveStock(tx: Tx, moves: readonly { variant: number; delta: number }[]): Promise<boolean> {
      return variantStock.moveVariantStock(trxOf(tx), moves);
    }
  };
}
