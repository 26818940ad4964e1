// Verified-purchase reviews: the API calls and their thunks. Apart from productsAPI.ts and
// productsSlice.ts, which the store (and so every first load) imports: this code loads with the
// product pages only. Each write answers the product, which replaces the store's copy.
import { apiClient } from '../../lib/apiClient';
import { apiThunk } from '../../lib/thunk';
import type { Product, ReviewEligibility } from '../../domain/types';
import { productReceived } from './productsSlice';

export interface ReviewInput {
  rating: number;
  comment: string;
}

const reviewsOf = (productId: number | string) => `/products/${encodeURIComponent(String(productId))}/reviews`;

// GET /products/{id}/reviews/eligibility: may the signed-in shopper review it, and their review.
export const fetchEligibility = (productId: string) => apiClient.get<ReviewEligibility>(`${reviewsOf(productId)}/eligibility`);

// POST /products/{id}/reviews → 201 the product (403 without a delivered order of it; 409 a second time).
export const addReview = ({ productId, review }: { productId: number; review: ReviewInput }) =>
  apiClient.post<Product>(reviewsOf(productId), review);

// PATCH /products/{id}/reviews/{reviewId} (its author) → the product.
export const editReview = ({ productId, reviewId, review }: { productId: number; reviewId: number; review: ReviewInput }) =>
  apiClient.patch<Product>(`${reviewsOf(productId)}/${reviewId}`, review);

// DELETE /products/{id}/reviews/{reviewId} (admin) → the product.
export const removeReview = ({ productId, reviewId }: { productId: number; reviewId: number }) =>
  apiClient.delete<Product>(`${reviewsOf(productId)}/${reviewId}`);

export const addReviewAsync = apiThunk('products/addReview', addReview, productReceived);
export const editReviewAsync = apiThunk('products/editReview', editReview, productReceived);
export const removeReviewAsync = apiThunk('products/removeReview', removeReview, productReceived);
