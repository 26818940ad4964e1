// The wishlist's writes, fetched with the first heart pressed: the hearts are on the
// home page, whose first load is nearly full, and most visits press none.
import { WISHLIST_FULL } from '../../domain/constants';
import { ApiError, apiClient } from '../../lib/apiClient';
import { changeItems, loadWishlist, wishlistOwner, type WishlistItem } from './wishlistStore';

/** POST /wishlist: saved (201), or already saved elsewhere (409: the list is read again); a full wishlist (409) is an error. */
export async function saveToWishlist(product: number, variant: number | null): Promise<void> {
  const owner = wishlistOwner();
  try {
    const item = await apiClient.post<WishlistItem>('/wishlist', { product, variant });
    changeItems(owner, (items) => [item, ...items]);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.message !== WISHLIST_FULL && owner !== null) return loadWishlist(owner, true);
    throw error;
  }
}

/** DELETE /wishlist/:id; one already gone (404) is removed all the same. */
export async function removeFromWishlist(id: number): Promise<void> {
  const owner = wishlistOwner();
  try {
    await apiClient.delete<void>(`/wishlist/${id}`);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  changeItems(owner, (items) => items.filter((item) => item.id !== id));
}

/** The heart pressed: saves or removes, and says which, or why not. */
export async function toggleWishlist(
  alert: { success: (text: string) => void; error: (text: string) => void },
  saved: WishlistItem | undefined,
  product: number,
  variant: number | null,
): Promise<void> {
  try {
    if (saved) await removeFromWishlist(saved.id);
    else await saveToWishlist(product, variant);
    alert.success(saved ? 'Removed from your wishlist' : 'Saved to your wishlist');
  } catch (failure) {
    alert.error(`Could not ${saved ? 'remove it from' : 'save it to'} your wishlist: ${(failure as Error).message}`);
  }
}
