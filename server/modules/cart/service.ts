// Carts: each user's own lines, { id, product, variant, quantity } with the product and the
// variant expanded: one line per variant (two sizes of one product are two lines). Someone else's
// line is answered exactly like a missing one (404), so ids of other carts are not revealed. A
// cart may also hold the membership line (src/domain/membership.ts), listed last, priced from the
// shop's fee as it is now (SettingsService), removed by DELETE /cart/membership.
import { ALREADY_IN_CART, MAX_CART_QUANTITY } from '../../../src/domain/constants';
import { toNumber } from '../../../src/domain/validation';
import type { CartItem, Product } from '../../../src/domain/types';
import { choiceLabel } from '../../../src/domain/variants';
import { publicProduct } from '../catalogue/publicProduct';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import type { EmptiedCart, StoredCartLine } from './port';
import type { CartStore, StoredCartItem, Tx, VariantProduct } from '../../db/port';
import type { CatalogueService } from '../catalogue/service';
import type { SettingsService } from '../settings/service';
import { MEMBERSHIP_LINE_ID, membershipLine, type MembershipLine } from '../../../src/domain/membership';
import { toDollars, type Cents } from '../../../src/domain/checkout';
import { parseId, requireObject } from '../../http/input';
import { assertVariantAvailable, cartVariant, readVariantRef, resolveVariant } from '../catalogue/variantRules';

export const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_CART_QUANTITY}`;

/** Quantity of a cart line or order item: an integer 1–6 (numeric strings accepted). */
export function readQuantity(value: unknown): number | undefined {
  const n = toNumber(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_CART_QUANTITY ? n : undefined;
}

/** A product reference: an id, a numeric string, or an object with an id (an expanded product). */
export function readProductRef(value: unknown): number | undefined {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return parseId((value as { id?: unknown }).id);
  }
  return parseId(value);
}

/** The 409 for `quantity` of `product` when it cannot be bought now, else undefined. */
export function unavailable(product: Product, quantity: number): HttpError | undefined {
  if (product.deleted) return conflict(`"${product.title}" is no longer available`);
  if (quantity > product.stock) {
    return conflict(
      product.stock > 0
        ? `Only ${product.stock} of "${product.title}" left in stock`
        : `"${product.title}" is out of stock`,
    );
  }
  return undefined;
}

/** The product's minimum order quantity (product.minimumOrderQuantity; 1 when absent). */
export function minimumOf(product: Pick<Product, 'minimumOrderQuantity'>): number {
  const minimum = product.minimumOrderQuantity;
  return typeof minimum === 'number' && Number.isInteger(minimum) && minimum > 1 ? minimum : 1;
}

/** Why `quantity` of `product` is too few to order (its minimum order quantity), else undefined. */
export function belowMinimum(product: Pick<Product, 'title' | 'minimumOrderQuantity'>, quantity: number): string | undefined {
  const minimum = minimumOf(product);
  return quantity < minimum ? `The minimum order quantity for "${product.title}" is ${minimum}` : undefined;
}

/** 400 (field `quantity`) when `quantity` is below the product's minimum order quantity. */
function assertMinimum(product: Product, quantity: number): void {
  const message = belowMinimum(product, quantity);
  if (message) throw badRequest(message, { quantity: message });
}

/** 409 unless `quantity` of `product` can be bought now. */
export function assertAvailable(product: Product, quantity: number): void {
  const refusal = unavailable(product, quantity);
  if (refusal) throw refusal;
}

function quantityOf(value: unknown): number {
  const quantity = readQuantity(value);
  if (quantity === undefined) throw badRequest('Invalid quantity', { quantity: QUANTITY_MESSAGE });
  return quantity;
}

/** A line as answered: the product (with its variants) and the line's variant expanded. */
function expand(line: StoredCartLine, product: VariantProduct): CartItem {
  const variant = product.variants.find((v) => v.id === line.variant) ?? product.variants[0];
  return { id: line.id, product: publicProduct(product), variant: cartVariant(product, variant), quantity: line.quantity };
}

const answer = (item: StoredCartItem): CartItem => ({ id: item.id, product: publicProduct(item.product), variant: item.variant, quantity: item.quantity });

export class CartService {
  constructor(
    private readonly store: CartStore,
    private readonly catalogue: CatalogueService,
    private readonly settings: SettingsService,
  ) {}

  /** The user's lines, products and variants expanded; the membership line last when the cart holds it. */
  async items(user: number): Promise<(CartItem | MembershipLine)[]> {
    const [lines, fee] = await Promise.all([this.lines(user), this.membershipFee(user)]);
    const items: (CartItem | MembershipLine)[] = lines.map(answer);
    return fee === undefined ? items : [...items, membershipLine(toDollars(fee))];
  }

  /** The fee the user's membership line costs now (cents); undefined when the cart holds none. In `tx`, the line locked, when given. */
  async membershipFee(user: number, tx?: Tx): Promise<Cents | undefined> {
    if (!(await this.store.hasMembershipLine(user, tx))) return undefined;
    return this.settings.membershipFee(tx);
  }

  /** Puts the membership line in the user's cart: the line; 409 when it is there already. */
  async addMembership(user: number): Promise<MembershipLine> {
    if (!(await this.store.addMembershipLine(user))) throw conflict('Membership is already in your cart');
    return membershipLine(toDollars(await this.settings.membershipFee()));
  }

  /** Takes the membership line out of the user's cart; whether it was there. */
  removeMembership(user: number): Promise<boolean> {
    return this.store.removeMembershipLine(user);
  }

  /**
   * { product, variant, quantity } → the new line. `variant` is required on a product with
   * options (400 naming what to choose) and defaults to the only variant otherwise; the same
   * variant twice → 409.
   */
  async add(user: number, input: unknown): Promise<CartItem> {
    const body = requireObject(input);
    const productId = readProductRef(body.product);
    if (productId === undefined) throw badRequest('Invalid product', { product: 'Product must be a product id' });
    const quantity = quantityOf(body.quantity === undefined ? 1 : body.quantity);
    const product = await this.catalogue.productById(productId);
    if (!product) throw notFound('Product not found');
    const resolved = resolveVariant(product, body.variant);
    if ('message' in resolved) throw badRequest(resolved.message, { variant: resolved.message });
    const { variant } = resolved;
    assertMinimum(product, quantity);
    const label = choiceLabel(variant.options, product.options);
    const already = () => conflict(`"${product.title}"${label ? ` (${label})` : ''} ${ALREADY_IN_CART}`);
    // The line is added unless the user has one of that variant (one statement); the cart is read
    // only when the variant cannot be bought now, as "already in your cart" is answered first.
    try {
      assertVariantAvailable(product, variant, quantity);
    } catch (refusal) {
      if ((await this.store.cartLines(user)).some((line) => line.variant === variant.id)) throw already();
      throw refusal;
    }
    const line = await this.store.addCartLine({ user, product: productId, variant: variant.id, quantity });
    if (!line) throw already();
    return expand(line, product);
  }

  /** { quantity } on the user's line `rawId` → the updated line; nothing else changes. */
  async setQuantity(user: number, rawId: string, input: unknown): Promise<CartItem> {
    const id = parseId(rawId);
    const line = id === undefined ? undefined : await this.store.cartLine(user, id);
    if (!line) throw notFound('Cart item not found');
    const quantity = quantityOf(requireObject(input).quantity);
    const product = await this.catalogue.productById(line.product);
    const variant = product?.variants.find((v) => v.id === line.variant);
    if (!product || !variant) throw notFound('Product not found');
    assertMinimum(product, quantity);
    assertVariantAvailable(product, variant, quantity);
    const updated = await this.store.setCartQuantity(user, line.id, quantity);
    if (!updated) throw notFound('Cart item not found');
    return expand(updated, product);
  }

  /**
   * Removes the user's line for the product (?variant=ID: that variant's line; without, every
   * line of the product); the (first) line as it was.
   */
  async remove(user: number, rawProductId: string, rawVariant?: unknown): Promise<CartItem | StoredCartLineAnswer | MembershipLine> {
    if (rawProductId === MEMBERSHIP_LINE_ID) {
      const fee = await this.membershipFee(user);
      if (fee === undefined || !(await this.removeMembership(user))) throw notFound('Membership is not in your cart');
      return membershipLine(toDollars(fee));
    }
    const productId = parseId(rawProductId);
    const variant = rawVariant === undefined ? undefined : readVariantRef(rawVariant);
    if (rawVariant !== undefined && variant === undefined) throw badRequest('Invalid variant', { variant: 'variant must be a variant id' });
    const line = productId === undefined ? undefined : await this.store.removeCartLine(user, productId, variant);
    if (!line) throw notFound('That product is not in your cart');
    const product = await this.catalogue.productById(line.product);
    return product ? expand(line, product) : { id: line.id, product: line.product, quantity: line.quantity };
  }

  /**
   * Empties the user's cart in the transaction of the order placed from it (its rows, the
   * membership line's too, locked until that ends: a rolled-back order leaves the cart as it was):
   * the lines it held (each variant and quantity), and the fee the membership line costs now when
   * the cart held it (the order buys it), else undefined.
   */
  async emptyForOrder(tx: Tx, user: number): Promise<{ lines: EmptiedCart['lines']; membershipFee: Cents | undefined }> {
    const { lines, membership } = await this.store.emptyCart(tx, user);
    return { lines, membershipFee: membership ? await this.settings.membershipFee(tx) : undefined };
  }

  /**
   * The user's lines as stored, products and variants expanded: the products of every line in one
   * read of the catalogue (a line whose product or variant is gone is left out).
   */
  async lines(user: number): Promise<StoredCartItem[]> {
    const lines = await this.store.cartLines(user);
    if (lines.length === 0) return [];
    const products = new Map((await this.catalogue.productsByIds(lines.map((l) => l.product))).map((p) => [p.id, p]));
    return lines.flatMap((line) => {
      const product = products.get(line.product);
      const variant = product?.variants.find((v) => v.id === line.variant);
      return product && variant ? [{ id: line.id, product, quantity: line.quantity, variant: cartVariant(product, variant) }] : [];
    });
  }

  /** Adds a line as given (its checks made by the caller); undefined when the user has a line of that variant already. */
  addLine(line: Omit<StoredCartLine, 'id'>): Promise<StoredCartLine | undefined> {
    return this.store.addCartLine(line);
  }
}

/** A removed line whose product is gone: the product's id instead of the product. */
export type StoredCartLineAnswer = Omit<StoredCartLine, 'user' | 'variant'>;
