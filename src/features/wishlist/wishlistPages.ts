// The Wishlist page's own API call: the list in pages (the hearts read the whole list through
// wishlistStore.ts). Loads with the Wishlist page only.
import type { WishlistItem } from '../../domain/wishlist';
import { apiClient, type ListPage } from '../../lib/apiClient';

/** Items on a page of the Wishlist. */
export const WISHLIST_PER_PAGE = 20;

// GET /wishlist?_page&_limit → a page of the caller's items, newest first; X-Total-Count.
export const fetchWishlistPage = (page: number): Promise<ListPage<WishlistItem>> =>
  apiClient.list<WishlistItem>(`/wishlist?_page=${page}&_limit=${WISHLIST_PER_PAGE}`);
