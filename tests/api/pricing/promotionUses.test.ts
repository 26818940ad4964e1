// A promotion's uses are carried by the orders that are not cancelled: cancelling an order (the
// shopper's cancel, a staff member's status change, single or bulk) gives its uses back in the
// cancel's transaction, the usage count and the customer's alike; leaving `cancelled` takes them
// again under the same limits, and is refused with 409, nothing changed, when a limit was reached
// meanwhile.
import { afterEach, describe, expect, it } from 'vitest';
import type { Promotion } from '../../../src/domain/checkout';
import type { Order } from '../../../src/domain/types';
import { TestPaymentProvider } from '../../../server/modules/payments/testProvider';
import { expectNoLeaks, makeShop, orderBody, TEST_CARD, type Agent, type TestShop } from '../fixtures';
import { priceData } from '../priceData';

afterEach(expectNoLeaks);

const cash = { paymentMethod: 'cash' };

function shop(): TestShop {
  return makeShop({ data: priceData(), payments: new TestPaymentProvider() });
}

/** One tab (product 5) with `codes`, by `a`. */
async function order(a: Agent, codes: string[], extra: Record<string, unknown> = cash): Promise<Order> {
  return (await a.post('/api/orders').send(orderBody([{ product: 5, quantity: 1 }], { ...extra, codes })).expect(201)).body;
}

/** What the quote of `a`'s cart (a tab put in it) says of `code`: its reason when rejected, else 'applies'. */
async function quoteSays(a: Agent, code: string): Promise<string> {
  await a.delete('/api/cart/5').send();
  await a.post('/api/cart').send({ product: 5, quantity: 1 }).expect(201);
  const { rejected } = (await a.post('/api/checkout/quote').send({ codes: [code] }).expect(200)).body as { rejected: { code: string; reason: string }[] };
  return rejected.find((r) => r.code === code)?.reason ?? 'applies';
}

async function used(admin: Agent, code: string): Promise<number> {
  const list = (await admin.get('/api/admin/promotions').expect(200)).body as Promotion[];
  return list.find((p) => p.code === code)!.used;
}

const redemptionsOf = async (s: TestShop, id: number) => ((await s.state()).promotionRedemptions ?? []).filter((r) => r.order === id);

describe("cancelling an order gives its promotions' uses back", () => {
  it("an admin's cancel frees a code limited to one use for another shopper; reopening is 409 once it is taken, and goes through when it is free again (single and bulk)", async () => {
    const s = shop();
    const [user, other, admin] = [await s.as('user'), await s.as('other'), await s.as('admin')];
    const first = await order(user, ['LIMITED']);
    expect(await quoteSays(other, 'LIMITED')).toBe('This code has been used up');

    await admin.patch(`/api/orders/${first.id}`).send({ status: 'cancelled' }).expect(200);
    expect(await used(admin, 'LIMITED')).toBe(0);
    expect(await redemptionsOf(s, first.id)).toEqual([]);
    expect(await quoteSays(other, 'LIMITED')).toBe('applies');
    const second = await order(other, ['LIMITED']);

    // Reopening the first would take a use the second holds: 409, nothing changed (stock, status, uses).
    const before = await s.state();
    const refused = await admin.patch(`/api/orders/${first.id}`).send({ status: 'pending' }).expect(409);
    expect(refused.body.message).toBe(`Order #${first.id} cannot be reopened: the code LIMITED has been used up since it was cancelled. Nothing was changed.`);
    expect(await s.state()).toEqual(before);
    const bulk = (await admin.patch('/api/orders').send({ ids: [first.id], status: 'delivered' }).expect(200)).body;
    expect(bulk).toEqual([{ id: first.id, status: 409, message: refused.body.message }]);
    expect(await s.state()).toEqual(before);

    // The second cancelled in bulk: the use is free, and the first takes it again.
    expect((await admin.patch('/api/orders').send({ ids: [second.id], status: 'cancelled' }).expect(200)).body[0].status).toBe(200);
    expect(await used(admin, 'LIMITED')).toBe(0);
    expect((await admin.patch('/api/orders').send({ ids: [first.id], status: 'pending' }).expect(200)).body[0].status).toBe(200);
    expect(await used(admin, 'LIMITED')).toBe(1);
    expect(await redemptionsOf(s, first.id)).toEqual([{ promotion: 5, order: first.id, user: 2 }]);
    expect((await admin.patch(`/api/orders/${second.id}`).send({ status: 'pending' }).expect(409)).body.message).toMatch(/the code LIMITED has been used up/);
  });

  it("the shopper's own cancel gives back their use of a code limited per customer; reopening after they used it again is 409", async () => {
    const s = shop();
    const [user, admin] = [await s.as('user'), await s.as('admin')];
    const first = await order(user, ['ONCE']);
    expect(await quoteSays(user, 'ONCE')).toBe('You have already used this code as many times as it allows');
    await user.post(`/api/orders/${first.id}/cancel`).send({}).expect(200);
    expect(await used(admin, 'ONCE')).toBe(0);
    expect(await quoteSays(user, 'ONCE')).toBe('applies');
    await order(user, ['ONCE']);

    const before = await s.state();
    const refused = await admin.patch(`/api/orders/${first.id}`).send({ status: 'dispatched' }).expect(409);
    expect(refused.body.message).toBe(
      `Order #${first.id} cannot be reopened: its customer has used the code ONCE as many times as it allows since it was cancelled. Nothing was changed.`,
    );
    expect(await s.state()).toEqual(before);
    expect(await used(admin, 'ONCE')).toBe(1);
  });

  it("a card order's cancel (the authorization released first) gives back its own uses once, and no other order's", async () => {
    const s = shop();
    const [user, admin] = [await s.as('user'), await s.as('admin')];
    const card = await order(user, ['SAVE10', 'FIVE'], { paymentMethod: 'card', card: TEST_CARD });
    const kept = await order(user, ['SAVE10']);
    expect([await used(admin, 'SAVE10'), await used(admin, 'FIVE')]).toEqual([2, 1]);
    const cancelled = (await user.post(`/api/orders/${card.id}/cancel`).send({}).expect(200)).body as Order;
    expect(cancelled.payment!.status).toBe('voided');
    expect([await used(admin, 'SAVE10'), await used(admin, 'FIVE')]).toEqual([1, 0]);
    expect(await redemptionsOf(s, card.id)).toEqual([]);
    expect(await redemptionsOf(s, kept.id)).toEqual([{ promotion: 2, order: kept.id, user: 2 }]);
  });

  it('reopening an order whose promotion was deleted since takes nothing for it', async () => {
    const s = shop();
    const [user, admin] = [await s.as('user'), await s.as('admin')];
    const placed = await order(user, ['SAVE10', 'FIVE']);
    await admin.patch(`/api/orders/${placed.id}`).send({ status: 'cancelled' }).expect(200);
    await admin.delete('/api/admin/promotions/3').expect(204);
    const reopened = (await admin.patch(`/api/orders/${placed.id}`).send({ status: 'pending' }).expect(200)).body as Order;
    // The order keeps what it was charged; the promotion still there is counted again.
    expect(reopened.promotions!.map((p) => p.code)).toEqual(['SAVE10', 'FIVE']);
    expect(await used(admin, 'SAVE10')).toBe(1);
    expect(await redemptionsOf(s, placed.id)).toEqual([{ promotion: 2, order: placed.id, user: 2 }]);
  });
});
