// The wishlist part of the postgres adapter (server/modules/wishlist/port.ts): saved items, stock
// alerts, the alerts switch, and what the alerts of a change read and use up (wishlist.ts). A mixin over PgBase, like every part of PgStore.
import type { StockAlert } from '../../../../src/domain/wishlist';
import type { AlertSubscriber, NewWishlistItem, SavedItem, StockAlertRefusal, StoredWishlistItem } from '../port';
import { trxOf, type PgClass } from '../../../db/pgBase';
import type { Tx } from '../../../db/tx';
import type { Page } from '../../../query/lists';
import * as wishlist from './wishlist';

export function withWishlist<T extends PgClass>(Base: T) {
  return class PgWishlist extends Base {
    wishlistPage(user: number, slice: { start: number; end: number }): Promise<Page<StoredWishlistItem>> {
      return wishlist.wishlistPage(this.db, user, slice);
    }
    addWishlistItem(item: NewWishlistItem, max: number): Promise<StoredWishlistItem | 'taken' | 'full'> {
      return wishlist.addWishlistItem(this.db, item, max);
    }
    removeWishlistItem(user: number, id: number): Promise<boolean> {
      return wishlist.removeWishlistItem(this.db, user, id);
    }
    stockAlertsOf(user: number): Promise<StockAlert[]> {
      return wishlist.stockAlertsOf(this.db, user);
    }
    addStockAlert(alert: { user: number; product: number; variant: number; at: number }, max: number): Promise<StockAlert | StockAlertRefusal> {
      return wishlist.addStockAlert(this.db, alert, max);
    }
    removeStockAlert(user: number, id: number): Promise<boolean> {
      return wishlist.removeStockAlert(this.db, user, id);
    }
    productsWithAlerts(tx: Tx, productIds: readonly number[]): Promise<number[]> {
      return wishlist.productsWithAlerts(trxOf(tx), productIds);
    }
    takeStockAlerts(tx: Tx, product: number, variants: readonly number[]): Promise<AlertSubscriber[]> {
      return wishlist.takeStockAlerts(trxOf(tx), product, variants);
    }
    lockSavedItems(tx: Tx, product: number): Promise<SavedItem[]> {
      return wishlist.lockSavedItems(trxOf(tx), product);
    }
    setLastPrice(tx: Tx, item: number, price: number): Promise<void> {
      return wishlist.setLastPrice(trxOf(tx), item, price);
    }
  };
}
