// The back office's Promotions page in Chromium against the built app and
// the real server: an admin opens it from the navbar, creates a code promotion with the keyboard
// (a value over 100 % and a code another promotion has are answered under their fields by the
// server), sees it listed, edits it, deactivates it, and deletes it after confirming; axe finds
// nothing at desktop and 360 px (cards there). What it made is removed.
import type { Page } from '@playwright/test';
import type { Promotion } from '../../src/domain/checkout';
import { DEMO_ADMIN, DESKTOP, MOBILE, adminRequest, expect, expectAccessibleAtAllWidths, expectAlert, loginViaUi, signUpViaApi, test, toast } from './fixtures';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('an admin creates a code promotion, sees it listed, edits and deactivates it; axe-clean', async ({ page, request }) => {
  const admin = await adminRequest(request);
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `E2E sale ${stamp}`;
  const code = `E2E${stamp}`;
  // A promotion holding a code of the test's own, for the clash.
  const taken = await admin.post('/api/admin/promotions', {
    data: { name: `E2E taken ${stamp}`, label: 'Taken', kind: 'fixed', value: 1, code: `TAKEN${stamp}`, active: false },
  });
  expect(taken.status()).toBe(201);
  const takenId = ((await taken.json()) as Promotion).id;

  try {
    await loginViaUi(page, DEMO_ADMIN);
    await nav(page).getByRole('link', { name: 'Promotions' }).click();
    await expect(page).toHaveURL(/\/admin\/promotions$/);
    await expect(page).toHaveTitle('Admin: Promotions | Best Buy Shop');
    await expect(page.getByRole('heading', { name: 'Promotions', level: 1 })).toBeVisible();
    const table = page.getByRole('region', { name: 'Promotions table' });
    await expect(table.getByRole('row', { name: /E2E taken/ }).first()).toBeVisible();

    // Create with the keyboard: the form opens with Name focused.
    await page.getByRole('button', { name: 'Add promotion' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'New promotion' });
    await expect(form.getByLabel('Name')).toBeFocused();
    await page.keyboard.type(name);
    await form.getByLabel('Label (the discount line, at most 60 characters)').fill('15% off smartphones with the code');
    await form.getByLabel('Value (% off)').fill('150');
    await form.getByLabel('Code (empty: applied automatically)').fill(`taken${stamp}`.toLowerCase());
    // Categories are picked by name: type part of it, choose the suggestion, a chip names it.
    await form.getByRole('combobox', { name: 'Categories' }).fill('smart');
    await page.getByRole('option', { name: 'Smartphones' }).click();
    await expect(form.getByRole('list', { name: 'Categories chosen' })).toContainText('Smartphones');
    await form.getByLabel('Usage limit (orders, empty: none)').fill('10');
    await form.getByRole('button', { name: 'Save promotion' }).click();
    const value = form.getByLabel('Value (% off)');
    await expect(form.getByText('Value must be between 0.01 and 100')).toBeVisible();
    await expect(value).toBeFocused();
    await expect(value).toHaveAttribute('aria-invalid', 'true');
    await value.fill('15');
    await value.press('Enter');
    const codeField = form.getByLabel('Code (empty: applied automatically)');
    await expect(form.getByText(`Another promotion has the code taken${stamp.toLowerCase()}`)).toBeVisible();
    await expect(codeField).toBeFocused();
    await expectAccessibleAtAllWidths(page, () => expect(form.getByText(/Another promotion has the code/)).toBeVisible());
    await codeField.fill(code);
    await codeField.press('Enter');
    await expectAlert(page, `${name} added`);
    await expect(form).toHaveCount(0);

    // Listed: code, what it takes off, what from, how often used, active.
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(code);
    await expect(row).toContainText('15% off');
    await expect(row).toContainText('Smartphones');
    await expect(row).toContainText('0 / 10');
    await expect(row).toContainText('Active');
    const made = ((await (await admin.get('/api/admin/promotions?_limit=50')).json()) as Promotion[]).find((p) => p.name === name)!;
    expect(made).toMatchObject({ kind: 'percentage', value: 15, code, categories: ['smartphones'], usageLimit: 10, active: true, used: 0 });

    // Edit: only what changed is sent.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${name}` });
    await expect(edit.getByLabel('Name')).toBeFocused();
    await edit.getByLabel('Value (% off)').fill('20');
    await edit.getByLabel('Value (% off)').press('Enter');
    await expectAlert(page, `${name} saved`);
    await expect(row).toContainText('20% off');

    // Deactivate, then axe at both widths (cards on a phone). The earlier toast is gone first: one
    // fading out is drawn at part opacity, which axe reads as too little contrast.
    await expect(toast(page, `${name} saved`)).toHaveCount(0, { timeout: 20_000 });
    await row.getByRole('button', { name: `Deactivate ${name}` }).click();
    await expectAlert(page, `${name} deactivated`);
    await expect(row).toContainText('Inactive');
    await expect(row.getByRole('button', { name: `Activate ${name}` })).toBeVisible();
    await expectAccessibleAtAllWidths(page, () => expect(page.getByRole('heading', { name: 'Promotions', level: 1 })).toBeVisible());
    await page.setViewportSize(MOBILE);
    const card = page.getByRole('article', { name });
    await expect(card).toContainText('Inactive');
    await expect(card).toContainText('20% off');
    await page.setViewportSize(DESKTOP);
    expect(((await (await admin.get(`/api/admin/promotions/${made.id}`)).json()) as Promotion).active).toBe(false);

    // Delete: asked first (Escape keeps it), then confirmed.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectAlert(page, `${name} deleted`);
    await expect(row).toHaveCount(0);
    expect((await admin.get(`/api/admin/promotions/${made.id}`)).status()).toBe(404);

    // The audit log names each change, and its page shows them.
    const audit = (await (await admin.get('/api/admin/audit?entity=promotion&_limit=4')).json()) as { action: string; entityId: string }[];
    expect(audit.filter((e) => e.entityId === String(made.id)).map((e) => e.action)).toEqual(['promotion.delete', 'promotion.update', 'promotion.update', 'promotion.create']);
    await page.goto('/admin/audit?entity=promotion');
    await expect(page.getByText('Promotion deleted').first()).toBeVisible();
  } finally {
    await admin.delete(`/api/admin/promotions/${takenId}`);
    for (const p of (await (await admin.get('/api/admin/promotions?_limit=100')).json()) as Promotion[]) {
      if (p.name === name) await admin.delete(`/api/admin/promotions/${p.id}`);
    }
  }
});

test('a shopper is kept out of the Promotions page and its API; the banner endpoint is public', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/admin/promotions');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Promotions' })).toHaveCount(0);
  expect((await page.request.get('/api/admin/promotions')).status()).toBe(403);
  expect((await page.request.post('/api/admin/promotions', { data: { name: 'x', label: 'x', kind: 'fixed', value: 1 } })).status()).toBe(403);
  expect([200, 204]).toContain((await page.request.get('/api/promotions/banner')).status());
});
