// The storage port's carts: one line per user and variant. Part of the Store (server/db/port.ts),
// whose contract it follows.
import type { CartItem } from '../../../src/domain/types';
import type { Tx } from '../../db/tx';
import type { CartVariant } from '../../../src/domain/variants';
import type { VariantProduct } from '../catalogue/variantTypes';

/** A cart line as CartService hands it out: the product with its variants, and the line's variant. */
export type StoredCartItem = CartItem & { product: VariantProduct; variant: CartVariant };

export interface CartStore {
  // Cart: one line per user and variant.
  /** The user's lines in the order they were added. */
  cartLines(user: number): Promise<StoredCartLine[]>;
  /** The user's line with this id. */
  cartLine(user: number, id: number): Promise<StoredCartLine | undefined>;
  /**
   * Adds a line of `variant` (absent: the product's first variant); undefined (nothing added)
   * when the user has a line for that variant already, or it is not a variant of the product.
   */
  addCartLine(line: Omit<StoredCartLine, 'id'>): Promise<StoredCartLine | undefined>;
  /** Sets the quantity of the user's line; undefined when the user has no such line. */
  setCartQuantity(user: number, id: number, quantity: number): Promise<StoredCartLine | undefined>;
  /** Removes the user's lines for the product (only that variant's, with `variant`); the first line removed, undefined when there was none. */
  removeCartLine(user: number, product: number, variant?: number): Promise<StoredCartLine | undefined>;
  /**
   * Removes every line of the user's cart (an order placed), its membership line too, in `tx`
   * (the rows stay locked until it ends): what it held, each line's variant and quantity, and
   * whether it held the membership line.
   */
  emptyCart(tx: Tx, user: number): Promise<EmptiedCart>;

  // The membership line: at most one per cart, priced from the shop's fee (CartService).
  /** Whether the user's cart holds the membership line; in `tx`, locked until it ends, when given. */
  hasMembershipLine(user: number, tx?: Tx): Promise<boolean>;
  /** Adds the membership line; false (nothing added) when the cart holds it already. */
  addMembershipLine(user: number): Promise<boolean>;
  /** Removes the membership line; false when there was none. */
  removeMembershipLine(user: number): Promise<boolean>;
}

// ---------------------------------------------------------------------------------------------
// A cart line as stored

export interface StoredCartLine {
  id: number;
  user: number;
  /** Product id; expanded to the product in responses. */
  product: number;
  /** The line's variant; absent in older files: the product's first variant. */
  variant?: number;
  quantity: number;
}

/** What an order's emptying of the cart took out of it. */
export interface EmptiedCart {
  /** Each line's variant and quantity. */
  lines: { variant: number; quantity: number }[];
  membership: boolean;
}
