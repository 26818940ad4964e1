// More of the back office by keyboard, in Chromium (jsdom keeps the focus on a disabled, removed or
// rebuilt control, a browser drops it to the page's body, and the next Tab starts at the top): an
// order's status, notes and return steps; adds, sends, switches and confirmed deletes elsewhere; the
// product form's pictures and options and the promotion form's chips. After each, the focus is on
// the control used, on what took its place, or on a neighbour, never on the body.
import type { Browser, Page } from '@playwright/test';
import { adminRequest, createProduct, expect, loginAsAdmin, orderViaApi, signUpViaApi, test, uniqueEmail } from './fixtures';

const focused = (page: Page) => page.locator(':focus');

/** Presses Enter on `name`'s button, as a keyboard user does. */
async function enterOn(page: Page, name: string | RegExp) {
  await page.getByRole('button', { name, exact: typeof name === 'string' }).focus();
  await page.keyboard.press('Enter');
}

/** A new shopper's order of one product, two units (cash), in a context of their own; no page is loaded. */
async function shopperOrder(browser: Browser, product: number) {
  const context = await browser.newContext();
  const shopper = await context.newPage();
  await signUpViaApi(shopper);
  const orderId = await orderViaApi(shopper, [{ product, quantity: 2 }]);
  return { shopper, orderId, close: () => context.close() };
}

test('an order page keeps the keyboard focus through status saves, return steps and notes', async ({ page, request, browser }) => {
  const admin = await adminRequest(request);
  const boots = await createProduct(admin, { stock: 10, returnPolicy: '30 days return policy' } as Parameters<typeof createProduct>[1]);
  const { shopper, orderId, close } = await shopperOrder(browser, boots.id);
  await loginAsAdmin(page);

  // Save status: disabled once saved (nothing left to save), the focus goes to the status select.
  await page.goto(`/admin/orders/${orderId}`);
  const status = page.getByLabel('Change status');
  for (const next of ['dispatched', 'delivered']) {
    await status.selectOption(next);
    await enterOn(page, 'Save status');
    await expect(page.getByRole('button', { name: 'Save status' })).toBeDisabled();
    await expect(status).toBeFocused();
  }

  // The shopper returns one unit; each step's button makes way for the next step's first control.
  const order = await (await admin.get(`/api/orders/${orderId}`)).json();
  const asked = await shopper.request.post(`/api/orders/${orderId}/returns`, { data: { items: [{ line: order.items[0].id, quantity: 1 }], reason: 'Too big.' } });
  expect(asked.status(), await asked.text()).toBe(201);
  const returnId = (await asked.json()).returns[0].id;
  const reviewed = await shopper.request.post(`/api/products/${boots.id}/reviews`, { data: { rating: 4, comment: 'Fits well.' } });
  expect(reviewed.status(), await reviewed.text()).toBe(201);
  await close();
  await page.reload();
  await enterOn(page, `Approve return #${returnId}`);
  await expect(page.getByRole('checkbox', { name: /damaged$/ })).toBeFocused();
  await enterOn(page, `Mark return #${returnId} received`);
  await expect(focused(page)).toHaveAccessibleName(new RegExp(`^Refund .* for return #${returnId}$`));
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByRole('button', { name: /^Refund / }).click();
  await expect(page.getByRole('heading', { name: `Return #${returnId}` })).toBeFocused();

  // Add note: busy, not disabled, while it saves.
  await page.getByLabel('Add a note').fill('Called the customer.');
  await enterOn(page, 'Add note');
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Called the customer.');
  await expect(page.getByRole('button', { name: 'Add note' })).toBeFocused();

  // A review removed (the only one): the focus goes to the Reviews heading.
  await page.goto(`/admin/productdetail/${boots.id}`);
  await enterOn(page, /^Remove the review by /);
  await page.getByRole('dialog').getByRole('button', { name: 'Remove review' }).click();
  await expect(page.getByText('No reviews yet.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reviews' })).toBeFocused();
});

test('the back office keeps the keyboard focus through adds, sends, switches, deletes and the product and promotion forms', async ({ page, request }) => {
  const admin = await adminRequest(request);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  await loginAsAdmin(page);

  // Staff: Add keeps the focus while it sends, then gives it to Email; a member removed hands it
  // to a neighbour's role.
  await page.goto('/admin/staff');
  const invite = page.getByRole('form', { name: 'Add a staff member' });
  const email = uniqueEmail('focus');
  await invite.getByLabel('Email').fill(email);
  await invite.getByRole('button', { name: 'Add' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listitem', { name: email })).toBeVisible();
  await expect(invite.getByLabel('Email')).toBeFocused();
  // A role saved: the row stays (it was rebuilt), the focus goes back to its Role.
  const member = page.getByRole('listitem', { name: email });
  await member.getByLabel('Role', { exact: true }).selectOption('fulfilment');
  await enterOn(page, `Save the role of ${email}`);
  await expect.poll(async () => (await (await admin.get('/api/admin/staff')).json()).find((m: { email: string }) => m.email === email)?.role).toBe('fulfilment');
  await expect(member.getByLabel('Role', { exact: true })).toBeFocused();
  await expect(member.getByLabel('Role', { exact: true })).toHaveValue('fulfilment');
  await enterOn(page, `Remove ${email} from the staff`);
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('listitem', { name: email })).toHaveCount(0);
  await expect(page.getByRole('listitem').locator(':focus')).toHaveAccessibleName('Role');

  // Emails: Send again keeps the focus while it sends.
  await page.goto('/admin/emails');
  await page.getByRole('button', { name: / \(preview\)$/ }).first().click();
  await enterOn(page, 'Send again');
  await expect(page.getByText(/^A copy of /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send again' })).toBeFocused();

  // Webhooks: Done under a new one's secret gives the focus to Add webhook; the Active switch keeps
  // it when toggled with Space; a deleted one hands it to its neighbour's switch.
  const hook = (n: number) => `https://focus-${tag}-${n}.example.com/hook`;
  for (const n of [1, 2]) expect((await admin.post('/api/admin/webhooks', { data: { url: hook(n), events: ['stock.low'] } })).status()).toBe(201);
  await page.goto('/admin/webhooks');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await page.getByLabel(/^URL/).fill(hook(3));
  await page.getByRole('checkbox', { name: /stock\.low/ }).check();
  await page.getByRole('button', { name: 'Save webhook' }).click();
  await enterOn(page, 'Done');
  await expect(page.getByRole('button', { name: 'Add webhook' })).toBeFocused();
  const active = page.getByRole('switch', { name: `Active: ${hook(1)}` });
  await active.focus();
  await page.keyboard.press('Space');
  await expect(active).toHaveAttribute('aria-checked', 'false');
  await expect(active).toBeFocused();
  await enterOn(page, `Delete ${hook(1)}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('article', { name: hook(1) })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: `Active: ${hook(2)}` })).toBeFocused();
  for (const { id, url } of (await (await admin.get('/api/admin/webhooks')).json()) as { id: number; url: string }[]) {
    if (url.includes(tag)) expect((await admin.delete(`/api/admin/webhooks/${id}`)).status()).toBe(204);
  }

  // Import: a file the check refuses leaves the focus on Check file.
  await page.goto('/admin/import');
  await page.getByLabel('CSV file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('nothing,known\n1,2\n') });
  await enterOn(page, 'Check file');
  await expect(page.getByText('The file was not imported')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check file' })).toBeFocused();

  // Shipping: a deleted method or tax rate hands the focus to a neighbour's Edit.
  const method = async (name: string) =>
    (await admin.post('/api/admin/shipping-methods', { data: { name, country: 'Mexico', amount: 5, freeOver: null, estimate: { minDays: 2, maxDays: 4 } } })).json();
  const first = await method(`Focus A ${tag}`);
  const second = await method(`Focus B ${tag}`);
  // A Mexican state's own rate (none of the seed's): the country's rate is its neighbour, at least.
  const made = await admin.post('/api/admin/tax-rates', { data: { country: 'Mexico', state: 'COL', rate: 8 } });
  expect(made.status(), await made.text()).toBe(201);
  const rate = (await made.json()) as { state: string };
  expect([first.id, second.id].every(Number.isInteger)).toBe(true);
  await page.goto('/admin/shipping');
  const methods = page.getByRole('region', { name: 'Shipping methods' });
  await enterOn(page, `Delete Focus A ${tag} (Mexico)`);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(methods.getByRole('article', { name: `Focus A ${tag} (Mexico)` })).toHaveCount(0);
  await expect(methods.locator(':focus')).toHaveAccessibleName(/^Edit .* \(Mexico\)$/);
  const rates = page.getByRole('region', { name: 'Tax rates' });
  await enterOn(page, `Delete the tax rate of ${rate.state}, Mexico`);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(rates.getByRole('article', { name: `Tax rate: ${rate.state}, Mexico` })).toHaveCount(0);
  await expect(rates.locator(':focus')).toHaveAccessibleName(/^Edit the tax rate of /);
  expect((await admin.delete(`/api/admin/shipping-methods/${second.id}`)).status()).toBe(204);

  // Promotions: a chosen category's chip removed by Enter hands the focus to the next chip, the
  // last one to the field.
  await page.goto('/admin/promotions');
  await page.getByRole('button', { name: 'Add promotion' }).click();
  const categories = page.getByRole('combobox', { name: 'Categories' });
  for (const [typed, name] of [['smart', 'Smartphones'], ['lap', 'Laptops']]) {
    await categories.fill(typed);
    await page.getByRole('option', { name }).click();
  }
  const chips = page.getByRole('list', { name: 'Categories chosen' });
  await chips.getByRole('button', { name: 'Remove Smartphones' }).focus();
  await page.keyboard.press('Enter');
  await expect(chips.getByRole('button', { name: 'Remove Laptops' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(chips).toHaveCount(0);
  await expect(categories).toBeFocused();

  // The product form: a moved image's buttons at its new place, a removed one's neighbour, the
  // option removed Add an option; Upload images keeps the focus through a refused file.
  const pictures = [1, 2, 3].map((n) => `/images/products/fragrances-${n}.svg`);
  const product = await createProduct(admin, {
    title: `Focus form ${tag}`,
    thumbnail: pictures[0],
    images: pictures,
    options: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [
      { sku: `FF-${tag}-S`, options: { Size: 'S' }, price: null, discountPercentage: null, stock: 4 },
      { sku: `FF-${tag}-M`, options: { Size: 'M' }, price: null, discountPercentage: null, stock: 3 },
    ],
  } as Parameters<typeof createProduct>[1]);
  await page.goto(`/admin/product-form/edit/${product.id}`);
  const places = () => page.locator('#image1, #image2, #image3').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value.split('/').pop()));
  await enterOn(page, 'Move image 1 down');
  await expect.poll(places).toEqual(['fragrances-2.svg', 'fragrances-1.svg', 'fragrances-3.svg']);
  await expect(page.getByRole('button', { name: 'Move image 2 down', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(places).toEqual(['fragrances-2.svg', 'fragrances-3.svg', 'fragrances-1.svg']);
  await expect(page.getByRole('button', { name: 'Move image 3 up', exact: true })).toBeFocused();
  await enterOn(page, 'Remove image 3');
  await expect.poll(places).toEqual(['fragrances-2.svg', 'fragrances-3.svg', '']);
  await expect(page.getByRole('button', { name: 'Remove image 2', exact: true })).toBeFocused();
  await enterOn(page, 'Remove option Size');
  await expect(page.getByLabel('Option 1 name')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add an option' })).toBeFocused();
  await page.getByRole('button', { name: 'Upload images' }).focus();
  await page.getByLabel('Image files').setInputFiles({ name: 'bad.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not an image') });
  await expect(page.getByRole('alert').filter({ hasText: /./ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload images' })).toBeFocused();
});
