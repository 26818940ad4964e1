// What an admin chooses to be mailed of about a product (the product form's notification
// checkboxes), and a product as staff answers carry it.
import type { PricedProduct } from './types';

/**
 * Which events of a product the shop's staff is mailed of (each off unless set): a new review, a
 * sale taking a variant's stock to its low-stock threshold or below, a sale taking it to 0.
 * Only the answers to staff who may edit the catalogue carry it (AdminProduct); a shopper's never does.
 */
export interface ProductNotify {
  review: boolean;
  lowStock: boolean;
  soldOut: boolean;
}

/** A product as an admin's answers give it (GET /products/:id and the product writes): with `notify`. */
export interface AdminProduct extends PricedProduct {
  notify: ProductNotify;
}
