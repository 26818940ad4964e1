import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, sent, stubFetch } from '../../../test/utils';
import type { TaxonomyItem } from './taxonomyAPI';
import CatalogueTaxonomyScreen from './CatalogueTaxonomyScreen';

afterEach(() => {
  vi.unstubAllGlobals();
});

const BRANDS: TaxonomyItem[] = [
  { id: 1, value: 'apple', label: 'Apple', products: 2 },
  { id: 2, value: 'nokia', label: 'Nokia', products: 0 },
];
const CATEGORIES: TaxonomyItem[] = [{ id: 1, value: 'laptops', label: 'Laptops', products: 3 }];

const open = () => renderWithProviders(<CatalogueTaxonomyScreen />, { route: '/admin/catalogue' });

describe('CatalogueTaxonomyScreen', () => {
  it('lists brands and categories with their product counts; delete is disabled with the reason when used', async () => {
    stubFetch({ 'GET /api/admin/brands': () => jsonResponse(BRANDS), 'GET /api/admin/categories': () => jsonResponse(CATEGORIES) });
    open();
    expect(screen.getByText('Loading brands…')).toBeInTheDocument();
    const brands = await screen.findByRole('region', { name: 'Brands' });
    const apple = within(brands).getByRole('listitem', { name: 'Apple' });
    expect(apple).toHaveTextContent('2 products');
    const remove = within(apple).getByRole('button', { name: 'Delete Apple' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('Used by 2 products: merge it into another brand first');
    expect(within(brands).getByRole('button', { name: 'Delete Nokia' })).toBeEnabled();
    expect(await screen.findByRole('listitem', { name: 'Laptops' })).toHaveTextContent('3 products');
  });

  it('adds, renames inline, merges through the select and shows the server’s message', async () => {
    let brands = BRANDS;
    const fetch = stubFetch({
      'GET /api/admin/brands': () => jsonResponse(brands),
      'GET /api/admin/categories': () => jsonResponse(CATEGORIES),
      'POST /api/admin/brands': () => jsonResponse({ message: 'A brand named "Apple" exists' }, 409),
      'PATCH /api/admin/brands/2': ({ body }) => {
        brands = [BRANDS[0], { ...BRANDS[1], ...(body as object) }];
        return jsonResponse(brands[1]);
      },
      'POST /api/admin/brands/2/merge': () => {
        brands = [{ ...BRANDS[0] }];
        return jsonResponse(brands[0]);
      },
    });
    const user = userEvent.setup();
    open();
    const section = await screen.findByRole('region', { name: 'Brands' });
    await within(section).findByRole('listitem', { name: 'Nokia' });
    await user.type(within(section).getByLabelText('New brand name'), 'apple');
    await user.click(within(section).getByRole('button', { name: 'Add brand' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('A brand named "Apple" exists');
    expect(sent(fetch, 'POST /api/admin/brands')).toEqual([{ label: 'apple' }]);

    await user.click(within(section).getByRole('button', { name: 'Rename Nokia' }));
    const form = within(section).getByRole('form', { name: 'Rename Nokia' });
    await user.clear(within(form).getByLabelText('Slug'));
    await user.type(within(form).getByLabelText('Slug'), 'nokia-oyj{Enter}');
    expect(sent(fetch, 'PATCH /api/admin/brands/2')).toEqual([{ value: 'nokia-oyj' }]);
    const nokia = await within(section).findByRole('listitem', { name: 'Nokia' });
    expect(await within(nokia).findByText('nokia-oyj')).toBeInTheDocument();

    await user.selectOptions(within(nokia).getByLabelText('Merge Nokia into'), 'Apple');
    await user.click(within(nokia).getByRole('button', { name: 'Merge Nokia' }));
    // It cannot be undone: asked first, and keeping it sends nothing.
    const dialog = await screen.findByRole('dialog', { name: 'Merge Nokia into Apple?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent(fetch, 'POST /api/admin/brands/2/merge')).toEqual([]);
    await user.click(within(nokia).getByRole('button', { name: 'Merge Nokia' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Merge Nokia into Apple?' })).getByRole('button', { name: 'Merge' }));
    expect(sent(fetch, 'POST /api/admin/brands/2/merge')).toEqual([{ into: 1 }]);
    expect(await within(section).findAllByRole('listitem')).toHaveLength(1);
  });

  it('adds a brand once however often Add is pressed, lists it and gives the focus back to the name for the next', async () => {
    let brands = BRANDS;
    let answer = () => {};
    const fetch = stubFetch({
      'GET /api/admin/brands': () => jsonResponse(brands),
      'GET /api/admin/categories': () => jsonResponse(CATEGORIES),
      'POST /api/admin/brands': () =>
        new Promise<Response>((resolve) => {
          answer = () => {
            brands = [...BRANDS, { id: 3, value: 'sony', label: 'Sony', products: 0 }];
            resolve(jsonResponse(brands[2], 201));
          };
        }),
    });
    const user = userEvent.setup();
    open();
    const section = await screen.findByRole('region', { name: 'Brands' });
    const name = within(section).getByLabelText('New brand name');
    await user.type(name, 'Sony');
    const add = within(section).getByRole('button', { name: 'Add brand' });
    await user.click(add);
    expect(add).toHaveTextContent('Adding…');
    expect(add).toHaveAttribute('aria-disabled', 'true');
    await user.click(add);
    answer();
    expect(await within(section).findByRole('listitem', { name: 'Sony' })).toBeInTheDocument();
    expect(sent(fetch, 'POST /api/admin/brands')).toEqual([{ label: 'Sony' }]);
    expect(name).toHaveValue('');
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('Cancel throws away what was typed; the rename form takes the focus and gives it back to Rename', async () => {
    stubFetch({ 'GET /api/admin/brands': () => jsonResponse(BRANDS), 'GET /api/admin/categories': () => jsonResponse(CATEGORIES) });
    const user = userEvent.setup();
    open();
    const nokia = await screen.findByRole('listitem', { name: 'Nokia' });
    await user.click(within(nokia).getByRole('button', { name: 'Rename Nokia' }));
    const name = within(nokia).getByLabelText('Name');
    expect(name).toHaveFocus();
    await user.clear(name);
    await user.type(name, 'Typo Name');
    await user.click(within(nokia).getByRole('button', { name: 'Cancel' }));
    expect(within(nokia).getByRole('button', { name: 'Rename Nokia' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(within(nokia).getByLabelText('Name')).toHaveValue('Nokia');
    expect(within(nokia).getByLabelText('Slug')).toHaveValue('nokia');
  });

  it('a saved rename keeps the focus on Rename; after a merge it goes to the row merged into, after a delete to a neighbour', async () => {
    let brands: TaxonomyItem[] = [...BRANDS, { id: 3, value: 'siemens', label: 'Siemens', products: 0 }];
    stubFetch({
      'GET /api/admin/brands': () => jsonResponse(brands),
      'GET /api/admin/categories': () => jsonResponse(CATEGORIES),
      'PATCH /api/admin/brands/2': ({ body }) => {
        brands = brands.map((b) => (b.id === 2 ? { ...b, ...(body as object) } : b));
        return jsonResponse(brands.find((b) => b.id === 2));
      },
      'DELETE /api/admin/brands/2': () => {
        brands = brands.filter((b) => b.id !== 2);
        return jsonResponse(undefined, 204);
      },
      'POST /api/admin/brands/3/merge': () => {
        brands = brands.filter((b) => b.id !== 3);
        return jsonResponse(brands.find((b) => b.id === 2));
      },
    });
    const user = userEvent.setup();
    open();
    const section = await screen.findByRole('region', { name: 'Brands' });
    await user.click(await within(section).findByRole('button', { name: 'Rename Nokia' }));
    await user.type(within(section).getByLabelText('Name'), ' Oyj{Enter}');
    const renamed = await within(section).findByRole('button', { name: 'Rename Nokia Oyj' });
    expect(renamed).toHaveFocus();

    await user.selectOptions(within(section).getByLabelText('Merge Siemens into'), 'Nokia Oyj');
    await user.click(within(section).getByRole('button', { name: 'Merge Siemens' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Merge Siemens into Nokia Oyj?' })).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(within(section).queryByRole('listitem', { name: 'Siemens' })).not.toBeInTheDocument());
    expect(renamed).toHaveFocus();

    // Nokia Oyj was the last row: the focus goes to the one before it.
    await user.click(within(section).getByRole('button', { name: 'Delete Nokia Oyj' }));
    await waitFor(() => expect(within(section).queryByRole('listitem', { name: 'Nokia Oyj' })).not.toBeInTheDocument());
    expect(within(section).getByRole('button', { name: 'Rename Apple' })).toHaveFocus();
  });

  it('says when a list could not be loaded, and tries again', async () => {
    let fail = true;
    stubFetch({
      'GET /api/admin/brands': () => (fail ? jsonResponse({ message: 'The server is down' }, 500) : jsonResponse(BRANDS)),
      'GET /api/admin/categories': () => jsonResponse([]),
    });
    const user = userEvent.setup();
    open();
    const section = await screen.findByRole('region', { name: 'Brands' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('The server is down');
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('listitem', { name: 'Apple' })).toBeInTheDocument();
  });
});
