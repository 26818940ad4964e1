// Variants on the storefront and "prices are before tax", in Chromium against the real server and its
// seed: a card of a product whose variants differ in price says "from $X", choosing a colour shows
// that colour's picture, and the product list and page say that prices are before tax. The subjects
// are found through the API, never by id.
import type { Page } from '@playwright/test';
import type { ProductOption, Variant } from '../../src/domain/variants';
import { catalogue, expect, expectAccessibleAtAllWidths, test, type CatalogueProduct } from './fixtures';

type Listed = CatalogueProduct & { salePrice: number; priceVaries?: boolean };
type WithVariants = CatalogueProduct & { images: string[]; options: ProductOption[]; variants: Variant[] };

const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(amount);
const BEFORE_TAX = 'Prices are before tax.';

/** The card of a product on the list: its link, named by its title. */
const card = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('the first page’s cards say "from $X" only for products whose variants differ in price; the list says prices are before tax', async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  const { items } = await catalogue(page, '_page=1&_limit=15');
  const listed = items as Listed[];
  const varies = listed.find((p) => p.priceVaries === true && !p.deleted);
  const plain = listed.find((p) => p.priceVaries === false && !p.deleted);
  expect(varies, 'a product of the first page whose variants differ in price').toBeDefined();
  expect(plain, 'a product of the first page with one price').toBeDefined();

  await page.goto('/');
  await expect(card(page, varies!.title)).toContainText(`Price: from ${usd(varies!.salePrice)}`);
  await expect(card(page, plain!.title)).toContainText(`Price: ${usd(plain!.salePrice)}`);
  await expect(card(page, plain!.title)).not.toContainText('from');
  const note = page.getByText(BEFORE_TAX, { exact: true });
  await expect(note).toHaveCount(1);
  await expectAccessibleAtAllWidths(page, () => expect(note).toBeVisible());
});

test('choosing a colour shows its picture; the page says by the price that prices are before tax', async ({ page, shopper }) => {
  expect(shopper.email).toContain('@');
  const { items } = await catalogue(page);
  const candidates = items.filter((p) => !p.deleted && ['sunglasses', 'tops', 'womens-dresses', 'mens-shirts'].includes(p.category));
  let subject: { product: WithVariants; option: string; value: string; image: string } | undefined;
  for (const listed of candidates) {
    const product: WithVariants = await (await page.request.get(`/api/products/${listed.id}`)).json();
    const colour = product.options.find((o) => /colour/i.test(o.name));
    // A colour in stock whose picture is not the one the page opens on.
    const variant = colour && product.variants.find((v) => v.stock > 0 && v.image && v.image !== product.images[0]);
    if (colour && variant) {
      subject = { product, option: colour.name, value: variant.options[colour.name], image: variant.image! };
      break;
    }
  }
  expect(subject, 'a product with a colour that has its own picture').toBeDefined();
  const { product, option, value, image } = subject!;

  await page.goto(`/products/${product.id}`);
  const picture = page.getByRole('img', { name: new RegExp(`^${product.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, image \\d of \\d$`) });
  await expect(picture).toHaveAttribute('src', product.images[0]);
  await page.getByRole('radiogroup', { name: option, exact: true }).getByRole('radio', { name: value, exact: true }).check();
  await expect(picture).toHaveAttribute('src', image);
  await expect(picture).toHaveAccessibleName(`${product.title}, image ${product.images.indexOf(image) + 1} of ${product.images.length}`);

  const note = page.getByText(BEFORE_TAX, { exact: true });
  await expect(note).toBeVisible();
  await expectAccessibleAtAllWidths(page, () => expect(note).toBeVisible());
});
