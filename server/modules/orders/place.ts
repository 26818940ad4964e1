// POST /orders, top to bottom (OrderService.place). Before the transaction: a retry's key looked
// up, the body read against the products as they are, and a card authorized for the total priced
// from them (no provider call while the transaction holds locks). Then one transaction: what
// pricing needs read in one statement (pricing; a card's order reuses its authorization's), the
// products locked (catalogue), the cart emptied with its membership line, whose fee the order
// buys when it held one (cart), the order priced (placing.ts), the stock taken with one guarded
// UPDATE (catalogue), the order stored with its card payment and its Idempotency-Key in one
// statement, its promotions counted (pricing), the card's authorization recorded (payments), a
// membership the cart held started (accounts), the confirmation put in the outbox (mail), to the
// address of the session's account, and the webhook events queued (webhooks). Expired keys are
// forgotten once a minute (KEY_PRUNE_EVERY_MS), after a commit, not by every order.
import { toCents } from '../../../src/domain/checkout';
import type { Order } from '../../../src/domain/types';
import type { NewOrder, OrderStore, Store, StoredUser, VariantProduct } from '../../db/port';
import { conflict, HttpError } from '../../http/errors';
import { publicOrder } from '../catalogue/publicProduct';
import { orderPlacedMail } from '../mail/messages';
import type { Signal } from '../../signal';
import { placeOf } from './checkout';
import { assertSameRequest, fingerprintBody, IDEMPOTENCY_TTL_MS, readKey, requestFingerprint } from './idempotency';
import { assertShownCart, assertShownTotal, authorizeCard, priceOrder, readOrder, refusedMessage, Rollback, shortOfConflict, type Outcome } from './placing';
import { placedEvents } from './webhookEvents';
import type { OrderModules, Placed } from './service';

/** How often expired Idempotency-Keys are deleted (they answer no more from the moment they expire). */
export const KEY_PRUNE_EVERY_MS = 60 * 1000;

/** Who places: the session's account (its email gets the confirmation). */
export type Shopper = Pick<StoredUser, 'id' | 'email'>;

export interface PlacingContext {
  store: OrderStore & Pick<Store, 'transaction'>;
  deps: OrderModules;
  now: () => number;
  linkBase: string;
  placed: Signal<Order>;
  /** When expired keys were last deleted (ms of `now`); shared by the service's orders. */
  pruned: { at?: number };
}

/** The order a key placed, when this is the request that placed it; 422 otherwise. */
export function sameRequest(order: Order, stored: string | undefined, fingerprint: string): Placed {
  assertSameRequest(stored, fingerprint);
  return { order: publicOrder(order), created: false };
}

/**
 * Places the body's order for `shopper` (prices and totals recomputed). The same Idempotency-Key
 * from the same user gets the order it first placed, without ordering or taking stock again (a
 * retry after a lost answer or a crash); a retry racing its first attempt finds it when storing
 * its key (the key's row waits for the first attempt's transaction), rolls back and answers it.
 */
export async function placeOrder(ctx: PlacingContext, shopper: Shopper, input: unknown, idempotencyKey: string | undefined): Promise<Placed> {
  const { store, deps, now } = ctx;
  const user = shopper.id;
  const key = readKey(idempotencyKey);
  const fingerprint = requestFingerprint(fingerprintBody(input));
  const earlierOrder = async () => (key === undefined ? undefined : store.orderForKey(user, key, now() - IDEMPOTENCY_TTL_MS));
  // The key's earlier order and the body's products are read side by side; the earlier order wins.
  // A cart holding the membership line may order it alone (no items); its fee is read before the
  // transaction only when that matters here: an order of no items, or a card's authorization.
  const body = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const hasItems = Array.isArray(body.items) && body.items.length > 0;
  const fee = hasItems && body.paymentMethod !== 'card' ? Promise.resolve(undefined) : deps.cart.membershipFee(user);
  const reading = hasItems ? readOrder(deps.catalogue, input, new Date(now())) : fee.then((f) => readOrder(deps.catalogue, input, new Date(now()), f !== undefined));
  const [known, read, feeRead] = await Promise.allSettled([earlierOrder(), reading, fee]);
  if (known.status === 'rejected') throw known.reason;
  if (known.value) return sameRequest(known.value.order, known.value.fingerprint, fingerprint);
  if (read.status === 'rejected') throw read.reason;
  if (feeRead.status === 'rejected') throw feeRead.reason;
  const request = read.value;
  const { catalogue, promotions, payments } = deps;
  const at = now();
  let priced: NewOrder | undefined;
  // The card is authorized before the transaction, for the total priced now; the order's
  // transaction prices again and refuses another total. An authorization whose order is not
  // committed is voided.
  const card = request.card ? await authorizeCard(deps, user, request, at, feeRead.value) : undefined;
  if (card && !card.answer.ok) throw new HttpError(402, card.answer.message);
  let committed = false;
  let outcome: Outcome;
  try {
    outcome = await store.transaction(async (tx): Promise<Outcome> => {
      // What pricing reads takes no lock: read before the products are locked (a card's order
      // prices with what its authorization was priced with), so that orders of one product wait
      // on its lock for as few statements as can be.
      const pricing = card?.pricing ?? (await promotions.pricingContext(user, request.codes, placeOf(request.selectedAddress), tx));
      const locked = new Map((await catalogue.lockProducts(tx, request.lines.map((l) => l.product))).map((p) => [p.id, p]));
      const products: VariantProduct[] = [];
      for (const line of request.lines) {
        const product = locked.get(line.product);
        if (!product) throw new Rollback({ shortOf: line.product });
        products.push(product);
      }
      // The cart emptied (rolled back with the order): the order buys the membership line (and
      // prices as a member's) when the cart held it.
      const emptied = await deps.cart.emptyForOrder(tx, user);
      const { membershipFee } = emptied;
      if (membershipFee === undefined && request.lines.length === 0) throw conflict('Membership is no longer in your cart; nothing was ordered');
      assertShownCart(request, emptied.lines);
      priced = priceOrder(request, products, pricing, user, at, membershipFee);
      assertShownTotal(request, toCents(priced.totals!.total));
      const stockOf = (i: number) => products[i].variants.find((v) => v.id === request.lines[i].variant)?.stock ?? 0;
      const short = request.lines.find((l, i) => products[i].deleted || stockOf(i) < l.quantity);
      if (short) throw new Rollback({ shortOf: short.product, variant: short.variant });
      // The guarded decrement of each line's variant: never below zero, never a deleted
      // product, whatever ran before (products.stock follows).
      const missing = await catalogue.takeStock(tx, request.lines);
      if (missing) throw new Rollback({ shortOf: missing.product, variant: missing.variant });
      // A card's order is stored authorized (its record follows once the order has an id).
      const answer = card?.answer.ok ? card.answer : undefined;
      const order: NewOrder = answer
        ? { ...priced, payment: { method: 'card', status: 'authorized', brand: answer.brand, last4: answer.last4, refunded: 0, reference: answer.reference } }
        : priced;
      const placed =
        key === undefined
          ? await store.insertOrder(tx, order)
          : await store.insertKeyedOrder(tx, order, { user, key, fingerprint, at, forgetUpTo: at - IDEMPOTENCY_TTL_MS });
      if (!placed) throw new Rollback({ keyTaken: true });
      // Each promotion it carries is counted once, guarded by its limits.
      const refused = await promotions.redeem(tx, (priced.promotions ?? []).map((p) => p.id), user, placed.id);
      if (refused) throw new Rollback({ refused });
      if (request.card) {
        if (!answer || card!.amount !== toCents(priced.totals!.total)) throw new Rollback({ repriced: true });
        await payments.recordAuthorization(tx, placed.id, card!.amount, answer.reference, card!.key);
      }
      // A year of membership from now, started by this order (cancelling it ends it).
      if (membershipFee !== undefined) await deps.users.startMembership(tx, user, placed.id, at);
      // The confirmation goes in the outbox with the order: never for a retry, never for a refused order.
      await deps.mail.enqueue(tx, orderPlacedMail(shopper.email, placed, ctx.linkBase), at);
      await deps.webhooks.emit(tx, placedEvents(placed, products, request.lines), at);
      return { placed };
    });
    committed = 'placed' in outcome;
  } catch (error) {
    if (error instanceof Rollback) outcome = error.outcome;
    else if (!(error instanceof HttpError && key !== undefined)) throw error;
    else {
      const earlier = await earlierOrder();
      if (!earlier) throw error;
      outcome = { earlier: earlier.order, fingerprint: earlier.fingerprint };
    }
  } finally {
    if (card?.answer.ok && !committed) await payments.provider.void(card.answer.reference, payments.newKey('unplaced', 'void')).catch(() => undefined);
  }
  // A retry that raced its first attempt (it waited for its locks or its key): that attempt's
  // order, whatever stopped this one.
  if (key !== undefined && !('placed' in outcome) && !('earlier' in outcome)) {
    const earlier = await earlierOrder();
    if (earlier) outcome = { earlier: earlier.order, fingerprint: earlier.fingerprint };
  }
  if ('placed' in outcome) {
    await forgetExpiredKeys(ctx, at);
    return { order: publicOrder(ctx.placed.tell(outcome.placed)), created: true };
  }
  if ('earlier' in outcome) return sameRequest(outcome.earlier, outcome.fingerprint, fingerprint);
  if ('refused' in outcome) throw conflict(refusedMessage(outcome.refused, priced?.promotions ?? []));
  if ('repriced' in outcome) throw conflict('The order\'s total changed while it was placed; nothing was charged. Try again.');
  if ('keyTaken' in outcome) throw conflict('Another request with this Idempotency-Key was placing an order; nothing was ordered. Send it again.');
  // The guarded decrement found the stock gone since the order was priced.
  throw await shortOfConflict(catalogue, request, outcome);
}

/** Deletes the expired keys when the last time was KEY_PRUNE_EVERY_MS ago or more (never failing the order). */
async function forgetExpiredKeys(ctx: PlacingContext, at: number): Promise<void> {
  if (ctx.pruned.at !== undefined && at - ctx.pruned.at < KEY_PRUNE_EVERY_MS) return;
  ctx.pruned.at = at;
  await ctx.store.forgetIdempotencyKeys(at - IDEMPOTENCY_TTL_MS).catch(() => undefined);
}
