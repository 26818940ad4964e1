import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, jsonResponse, renderWithProviders, sent, stubFetch } from '../../../test/utils';
import type { ShippingMethod, TaxRate } from '../../../domain/checkout';
import ShippingScreen from './ShippingScreen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const METHODS: ShippingMethod[] = [
  { id: 5, name: 'Standard', country: 'Canada', amount: 9.99, freeOver: 100, estimate: { minDays: 3, maxDays: 7 } },
  { id: 6, name: 'Express', country: 'Canada', amount: 24.99, freeOver: null, estimate: { minDays: 1, maxDays: 1 } },
  { id: 7, name: 'Standard', country: 'Mexico', amount: 0, freeOver: null, estimate: { minDays: 5, maxDays: 10 } },
];
const RATES: TaxRate[] = [
  { id: 3, country: 'Canada', state: null, rate: 5 },
  { id: 5, country: 'Canada', state: 'Quebec', rate: 14.975 },
];

// The page's third section (ContactSection.test.tsx tests it).
const CONTACT = { email: 'help@shop.test', phone: '+1 416 555 0100', address: '88 Queen Street West, Toronto', hours: 'Weekdays' };

const open = () => renderWithProviders(<ShippingScreen />, { route: '/admin/shipping' });

describe('ShippingScreen', () => {
  it('shows each country’s methods and the tax rates, with the note that the rates are examples', async () => {
    stubFetch({
      'GET /api/admin/settings': () => jsonResponse({ contact: CONTACT }),
      'GET /api/admin/shipping-methods': () => jsonResponse(METHODS),
      'GET /api/admin/tax-rates': () => jsonResponse(RATES),
    });
    open();
    expect(screen.getByText('Loading shipping methods…')).toBeInTheDocument();
    const canada = await screen.findByRole('region', { name: 'Canada' });
    expect(document.title).toBe('Admin: Shipping and tax | Best Buy Shop');
    expect(screen.getByText(/examples, not tax advice/)).toBeInTheDocument();
    const express = within(canada).getByRole('article', { name: 'Express (Canada)' });
    expect(express).toHaveTextContent('$24.99');
    expect(express).toHaveTextContent('Never free');
    expect(express).toHaveTextContent('1 business day');
    expect(within(canada).getByRole('article', { name: 'Standard (Canada)' })).toHaveTextContent('$100.00');
    expect(screen.getByRole('article', { name: 'Standard (Mexico)' })).toHaveTextContent('Free');
    expect(screen.getByRole('article', { name: 'Tax rate: Whole country, Canada' })).toHaveTextContent('5 %');
    expect(screen.getByRole('article', { name: 'Tax rate: Quebec, Canada' })).toHaveTextContent('14.975 %');
  });

  it('says when a list could not be loaded, and tries again', async () => {
    let fail = true;
    stubFetch({
      'GET /api/admin/settings': () => jsonResponse({ contact: CONTACT }),
      'GET /api/admin/shipping-methods': () => (fail ? jsonResponse({ message: 'The server is down' }, 500) : jsonResponse(METHODS)),
      'GET /api/admin/tax-rates': () => jsonResponse([]),
    });
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The shipping methods could not be loaded');
    expect(alert).toHaveTextContent('The server is down');
    expect(await screen.findByText('No tax rates yet: no tax is charged.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Canada' })).toBeInTheDocument();
  });

  it('edits a method: the server’s field messages show under their fields, focused; a good one saves', async () => {
    let patch = 0;
    const mock = stubFetch({
      'GET /api/admin/shipping-methods': () => jsonResponse(METHODS),
      'GET /api/admin/tax-rates': () => jsonResponse(RATES),
      'PATCH /api/admin/shipping-methods/6': () =>
        ++patch === 1
          ? jsonResponse({ message: 'Invalid shipping method', errors: { amount: 'Price must be a number from 0 to 10000', 'estimate.maxDays': 'Slowest delivery must be at least the fastest' } }, 400)
          : jsonResponse({ ...METHODS[1], amount: 30 }),
    });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Express (Canada)' }));
    const form = screen.getByRole('form', { name: 'Edit Express (Canada)' });
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    await user.clear(within(form).getByLabelText('Price ($)'));
    await user.type(within(form).getByLabelText('Price ($)'), 'lots');
    await user.click(within(form).getByRole('button', { name: 'Save shipping method' }));
    expect(await within(form).findByText('Price must be a number from 0 to 10000')).toBeInTheDocument();
    expect(within(form).getByText('Slowest delivery must be at least the fastest')).toBeInTheDocument();
    expect(within(form).getByLabelText('Price ($)')).toHaveFocus();
    expect(within(form).getByLabelText('Price ($)')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(within(form).getByLabelText('Price ($)'));
    await user.type(within(form).getByLabelText('Price ($)'), '30');
    await user.click(within(form).getByRole('button', { name: 'Save shipping method' }));
    expect(await screen.findByRole('heading', { name: 'Shipping methods' })).toHaveFocus();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    const patches = calls(mock).filter((c) => c.startsWith('PATCH'));
    expect(patches).toEqual(['PATCH /api/admin/shipping-methods/6', 'PATCH /api/admin/shipping-methods/6']);
    // The toast says so (its code loads with the first alert: awaited, so it never lands after the test).
    expect(await screen.findByText('Express (Canada) saved')).toBeInTheDocument();
  });

  it('chooses a tax rate’s state among the country’s regions by name, and sends its code', async () => {
    const mock = stubFetch({
      'GET /api/admin/shipping-methods': () => jsonResponse(METHODS),
      'GET /api/admin/tax-rates': () => jsonResponse(RATES),
      'PATCH /api/admin/tax-rates/5': () => jsonResponse({ ...RATES[1], state: 'Ontario' }),
    });
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit the tax rate of Quebec, Canada' }));
    const form = screen.getByRole('form', { name: 'Edit the tax rate of Quebec, Canada' });
    const state = within(form).getByLabelText('State') as HTMLSelectElement;
    expect(state).toHaveValue('QC');
    expect(Array.from(state.options).map((o) => o.text)).toHaveLength(14);
    expect(state.options[0].text).toBe('Whole country');
    await user.selectOptions(state, 'Ontario');
    await user.click(within(form).getByRole('button', { name: 'Save tax rate' }));
    expect(await screen.findByText('Tax rate of Ontario saved')).toBeInTheDocument();
    expect(sent(mock, 'PATCH /api/admin/tax-rates/5')).toEqual([{ country: 'Canada', state: 'ON', rate: 14.975 }]);
    // Another country: its own regions, none chosen.
    await user.click(screen.getByRole('button', { name: 'Add tax rate' }));
    const add = screen.getByRole('form', { name: 'New tax rate' });
    await user.selectOptions(within(add).getByLabelText('Country'), 'Mexico');
    const mexico = within(add).getByLabelText('State') as HTMLSelectElement;
    expect(mexico).toHaveValue('');
    expect(Array.from(mexico.options).map((o) => o.text)).toContain('Nuevo León');
  });
});
