// The price journeys' shared step (checkout-prices.spec.ts, order-totals.spec.ts): a laptop, a
// category of the seed's members' promotion, in the signed-in shopper's cart.
import type { Page } from '@playwright/test';
import { expect, SAMPLE_ADDRESS } from './fixtures';

interface Variant {
  id: number;
  stock: number;
}

/** Puts a laptop (a category of the members' promotion) in the signed-in shopper's cart, and saves a Canadian address. */
export async function laptopInCartToCanada(page: Page): Promise<{ title: string }> {
  const laptops = (await (await page.request.get('/api/products?category=laptops&_page=1&_limit=50')).json()) as {
    id: number;
    title: string;
    stock: number;
    deleted?: boolean;
    minimumOrderQuantity?: number;
  }[];
  for (const laptop of laptops.filter((p) => !p.deleted && p.stock >= 10)) {
    const quantity = laptop.minimumOrderQuantity ?? 1;
    const { variants } = (await (await page.request.get(`/api/products/${laptop.id}`)).json()) as { variants: Variant[] };
    const variant = variants.length > 1 ? variants.find((v) => v.stock >= quantity + 2) : undefined;
    if (variants.length > 1 && !variant) continue;
    const added = await page.request.post('/api/cart', { data: { product: laptop.id, quantity, ...(variant ? { variant: variant.id } : {}) } });
    expect(added.status(), await added.text()).toBe(201);
    const me = await (await page.request.get('/api/auth/check')).json();
    const saved = await page.request.patch(`/api/users/${me.id}`, { data: { addresses: [SAMPLE_ADDRESS] } });
    expect(saved.status(), await saved.text()).toBe(200);
    return { title: laptop.title };
  }
  throw new Error('The seed has no laptop in stock');
}

