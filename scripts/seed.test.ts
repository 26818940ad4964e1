import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { verifyPasswordAsync } from '../server/modules/accounts/passwords';
import { totals } from '../src/domain/pricing';
import { isLocalImage, readAddresses, readProduct } from '../server/http/validate';
import { ORDER_STATUSES } from '../src/domain/types';
import { placedAddress } from '../server/http/addresses';
import { seedVariants } from '../server/db/seedVariants';
import { DEMO_ACCOUNTS, generateImages, generateSeed, ORDER_DAYS, REFERENCE_DATE, serialize, STABLE_IDS } from './seed';

const DAY = 86_400_000;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const db = generateSeed();

describe('seed generator', () => {
  it('is deterministic and matches the committed db.json', () => {
    expect(serialize(generateSeed())).toBe(serialize(db));
    expect(readFileSync(join(ROOT, 'db.json'), 'utf8')).toBe(serialize(db));
  });

  it('makes a varied catalogue with every product field filled', () => {
    const { products, categories, brands } = db;
    expect(products.length).toBeGreaterThanOrEqual(100);
    expect(categories.length).toBeGreaterThanOrEqual(10);
    expect(brands.length).toBeGreaterThanOrEqual(20);
    expect(products.map((p) => p.id)).toEqual(products.map((_, i) => i + 1));
    expect(new Set(products.map((p) => p.title)).size).toBe(products.length);
    const categoryValues = new Set(categories.map((c) => c.value));
    const brandValues = new Set(brands.map((b) => b.value));
    const images = generateImages();
    for (const p of products) {
      const [image1, image2, image3] = p.images;
      // The API's own product rules, as POST /products applies them.
      const { errors } = readProduct({ ...p, image1, image2, image3 }, { brands: [...brandValues], categories: [...categoryValues] });
      expect(errors, `product ${p.id}`).toEqual({});
      expect(categoryValues.has(p.category)).toBe(true);
      expect(brandValues.has(p.brand)).toBe(true);
      expect(p.images).toHaveLength(3);
      for (const src of [p.thumbnail, ...p.images]) expect(images.has(src.slice(1)), src).toBe(true);
      expect(p.discountPercentage).toBeGreaterThanOrEqual(0);
      expect(p.discountPercentage).toBeLessThanOrEqual(30);
      expect(p.rating).toBeGreaterThanOrEqual(1);
      expect(p.rating).toBeLessThanOrEqual(5);
      // The rating is its reviews' mean to one decimal, as the server keeps it when a review changes.
      const mean = p.reviews.reduce((sum, r) => sum + r.rating, 0) / p.reviews.length;
      expect(p.rating, `product ${p.id}`).toBe(Math.round(mean * 10) / 10);
      expect(p.reviews.length).toBeGreaterThanOrEqual(2);
      expect(p.reviews.length).toBeLessThanOrEqual(4);
      expect(Number.isInteger(p.stock)).toBe(true);
      expect(p.weight).toBeGreaterThan(0);
      expect(p.warrantyInformation && p.shippingInformation && p.returnPolicy).toBeTruthy();
      expect(p.minimumOrderQuantity).toBeGreaterThanOrEqual(1);
    }
    expect(products.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(5);
    const deleted = products.filter((p) => p.deleted).length;
    expect(deleted).toBeGreaterThanOrEqual(3);
    expect(deleted).toBeLessThanOrEqual(5);
    for (const p of products.slice(0, STABLE_IDS)) {
      expect(p.deleted).toBe(false);
      expect(p.stock).toBeGreaterThanOrEqual(10);
    }
  });

  it('stores the demo accounts with hashed passwords', async () => {
    const [admin, user] = db.users;
    expect(admin).toMatchObject({ id: 1, email: DEMO_ACCOUNTS.admin.email, role: 'admin' });
    expect(user).toMatchObject({ id: 2, email: DEMO_ACCOUNTS.user.email, role: 'user' });
    expect(await verifyPasswordAsync(DEMO_ACCOUNTS.admin.password, admin.password)).toBe(true);
    expect(await verifyPasswordAsync(DEMO_ACCOUNTS.user.password, user.password)).toBe(true);
    expect(await verifyPasswordAsync(DEMO_ACCOUNTS.admin.password, user.password)).toBe(false);
    expect(serialize(db)).not.toContain(DEMO_ACCOUNTS.user.password);
    const errors = {};
    readAddresses(db.users.flatMap((u) => u.addresses), errors);
    expect(errors).toEqual({});
  });

  it('makes orders in every status with totals from pricing', () => {
    expect(db.orders.length).toBeGreaterThanOrEqual(12);
    expect(new Set(db.orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    expect(new Set(db.orders.map((o) => o.user))).toEqual(new Set([1, 2]));
    for (const order of db.orders) {
      expect(order.items.length).toBeGreaterThan(0);
      expect({ totalAmount: order.totalAmount, totalItems: order.totalItems }).toEqual(totals(order.items));
      const owner = db.users.find((u) => u.id === order.user)!;
      // One of the owner's addresses, as an order keeps it (the region's name and code).
      expect(owner.addresses.map(placedAddress)).toContainEqual(order.selectedAddress);
    }
    expect(db.cart).toEqual([]);
    expect(db.sessions).toEqual([]);
  });

  it('spreads the orders over the 90 days before its reference date, each as far along as its age allows', () => {
    const reference = Date.parse(db.seed.referenceDate);
    expect(db.seed.referenceDate).toBe(REFERENCE_DATE);
    const placed = db.orders.map((o) => Date.parse(o.createdAt!));
    expect(placed).toEqual([...placed].sort((a, b) => a - b));
    expect(reference - placed[0]).toBeLessThan(ORDER_DAYS * DAY);
    expect(reference - placed[0]).toBeGreaterThan((ORDER_DAYS - 7) * DAY);
    expect(reference - placed.at(-1)!).toBeLessThan(DAY);
    // Every week of the 90 days has orders.
    const weeks = new Set(placed.map((t) => Math.floor((reference - t) / (7 * DAY))));
    expect(weeks.size).toBe(Math.ceil(ORDER_DAYS / 7));
    for (const order of db.orders) {
      const history = order.history!;
      expect(history[0]).toEqual({ status: 'pending', at: order.createdAt, by: 'shopper' });
      expect(history.at(-1)!.status).toBe(order.status);
      for (const event of history) expect(Date.parse(event.at)).toBeLessThan(reference);
    }
    for (const user of db.users) expect(Date.parse(user.createdAt!)).toBeLessThan(placed[0]);
  });

  it('gives the demo shopper orders in every state, the newest delivered one still returnable', () => {
    const shopper = db.users.find((u) => u.email === DEMO_ACCOUNTS.user.email)!;
    const own = db.orders.filter((o) => o.user === shopper.id);
    expect(new Set(own.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    const delivered = own.filter((o) => o.status === 'delivered').at(-1)!;
    const deliveredAt = Date.parse(delivered.history!.at(-1)!.at);
    expect(Date.parse(db.seed.referenceDate) - deliveredAt).toBeLessThan(14 * DAY);
    for (const line of delivered.items) expect(line.product.returnPolicy).toMatch(/^(30|60|90) days return policy$/);
  });

  // How fast it is built is the benchmarks' business (npm run bench), not a timed assertion here.
  it('builds a large catalogue that extends the small one', () => {
    const big = generateSeed({ products: 10_000 });
    expect(big.products).toHaveLength(10_000);
    expect(big.products.slice(0, STABLE_IDS)).toEqual(db.products.slice(0, STABLE_IDS));
    const files = new Set([...big.products.flatMap((p) => p.images), ...big.products.map((p) => p.thumbnail)]);
    expect(files.size).toBeLessThanOrEqual(generateImages().size);
  });

  it('pictures each kind of furniture and decoration as itself: a bed frame shows a bed', () => {
    const drawings: [RegExp, string][] = [
      [/Bed Frame/, 'furniture-bed-'],
      [/Armchair/, 'furniture-chair-'],
      [/Sofa/, 'furniture-sofa-'],
      [/Dining Chair/, 'furniture-dining-chair-'],
      [/Table Lamp/, 'home-decoration-lamp-'],
      [/Wall Clock/, 'home-decoration-clock-'],
      [/Honey|Peanut Butter/, 'groceries-food-jar-'],
      [/Olive Oil/, 'groceries-oil-bottle-'],
    ];
    const big = generateSeed({ products: 600 }).products;
    for (const [kind, drawing] of drawings) {
      const products = big.filter((p) => kind.test(p.title));
      expect(products.length, String(kind)).toBeGreaterThan(0);
      for (const p of products) for (const src of [p.thumbnail, ...p.images]) expect(src, p.title).toContain(`/images/products/${drawing}`);
    }
  });

  it("describes what each product sells, and pictures each colour in that colour, as the loaded variants have them", () => {
    for (const p of db.products) {
      const derived = seedVariants(p);
      if (!derived) continue;
      for (const option of derived.options) for (const value of option.values.filter((_, i, all) => option.name !== 'Size' || i === 0 || i === all.length - 1)) expect(p.description, `${p.title}: ${value}`).toContain(value);
      for (const variant of derived.variants) {
        const colour = Object.entries(variant.options).find(([name]) => /colour/i.test(name))?.[1];
        if (colour) expect(variant.image, `${p.title} in ${colour}`).toMatch(new RegExp(`-${colour.toLowerCase()}\\.svg$`));
      }
    }
    expect(db.products.find((p) => /Tank Top/.test(p.title))?.description).not.toMatch(/XXL|sage green/);
  });

  it('writes small, sized SVGs that are on disk', () => {
    const images = generateImages();
    // The product form's image hint (src/features/products/admin/ProductForm.tsx): a picture the server takes.
    expect(images.has('images/products/laptops-1.svg')).toBe(true);
    expect(isLocalImage('/images/products/laptops-1.svg')).toBe(true);
    expect(images.size).toBeLessThanOrEqual(300);
    expect(images.has('images/banner.svg')).toBe(true);
    for (const [path, svg] of images) {
      expect(svg).toMatch(/^<svg [^>]*width="\d+" height="\d+" viewBox="0 0 \d+ \d+"/);
      expect(svg.length).toBeLessThan(2500);
      expect(readFileSync(join(ROOT, 'public', path), 'utf8')).toBe(svg);
    }
  });
});
