import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, sent, stubFetch } from '../../../test/utils';
import ImportScreen from './ImportScreen';
import type { ImportReport } from './productTransfer';

afterEach(() => {
  vi.unstubAllGlobals();
});

const BAD = 'title,price\nLamp,0\n';
const GOOD = 'id,price\n3,25\n';

/** The import route: a dry run of BAD finds a row error; anything else is clean. */
function importApi() {
  return stubFetch({
    'POST /api/admin/import/products': ({ body }) => {
      const { csv, dryRun } = body as { csv: string; dryRun: boolean };
      const report: ImportReport = { dryRun, rows: 1, create: csv === BAD ? 1 : 0, update: csv === BAD ? 0 : 1, unchanged: 0, errors: {}, changes: { 'row 2': 'variant BOOT-44 (Size 44): Stock 2 → 5' } };
      if (csv === BAD) report.errors = { 'row 2.price': 'price must be at least 1', 'row 2.description': 'description is required' };
      if (csv.startsWith('oops')) return jsonResponse({ message: 'Invalid import', errors: { csv: 'Unknown columns: oops' } }, 400);
      return jsonResponse(dryRun ? report : { ...report, created: [], updated: [3] });
    },
  });
}

const fileInput = () => screen.getByLabelText('CSV file');
const csvFile = (text: string, name = 'products.csv') => new File([text], name, { type: 'text/csv' });

function open() {
  return renderWithProviders(<ImportScreen />, { path: '/admin/import', route: '/admin/import' });
}

describe('ImportScreen', () => {
  it('explains the columns, offers the export as a template, and has a title', () => {
    importApi();
    open();
    expect(document.title).toMatch(/Import products/);
    expect(screen.getByRole('heading', { level: 1, name: 'Import products' })).toBeInTheDocument();
    expect(screen.getByText(/id, title, description, price, discountPercentage, stock, brand, category, thumbnail/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'export the products' })).toHaveAttribute('href', '/api/admin/export/products.csv');
    expect(fileInput()).toHaveAttribute('accept', '.csv,text/csv');
    expect(screen.getByText(/At most 2 MB and 10,000 rows/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Import products' })).toBeDisabled();
  });

  it('a dry run lists each row error (row, field, message) and keeps the import disabled', async () => {
    const mock = importApi();
    const user = userEvent.setup();
    open();
    await user.upload(fileInput(), csvFile(BAD));
    await user.click(await screen.findByRole('button', { name: 'Check file' }));

    const table = await screen.findByRole('table', { name: 'Errors in the file' });
    // Focus moves to the report (the button was disabled while the server checked).
    expect(screen.getByRole('region', { name: 'Check of the file' }).parentElement).toHaveFocus();
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['2', 'price', 'price must be at least 1'],
      ['2', 'description', 'description is required'],
    ]);
    expect(sent(mock, 'POST /api/admin/import/products')).toEqual([{ csv: BAD, dryRun: true }]);
    expect(screen.getByText('2 errors', { exact: false })).toHaveTextContent('Nothing has been imported');
    expect(screen.getByRole('button', { name: 'Import 1 product' })).toBeDisabled();
  });

  it('a clean dry run enables the import; the import sends dryRun false and links to what changed', async () => {
    const mock = importApi();
    const user = userEvent.setup();
    open();
    await user.upload(fileInput(), csvFile(GOOD));
    await user.click(await screen.findByRole('button', { name: 'Check file' }));
    expect(await screen.findByText(/No errors/)).toBeInTheDocument();
    // What each row would change (per variant).
    expect(screen.getByRole('table', { name: 'What the import would change' })).toHaveTextContent('2variant BOOT-44 (Size 44): Stock 2 → 5');
    // Nothing imported until the admin confirms.
    expect(sent(mock, 'POST /api/admin/import/products')).toEqual([{ csv: GOOD, dryRun: true }]);

    await user.click(screen.getByRole('button', { name: 'Import 1 product' }));
    expect(await screen.findByRole('heading', { name: 'Imported: 0 products created, 1 product updated' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Product #3' })).toHaveAttribute('href', '/admin/productdetail/3');
    expect(sent(mock, 'POST /api/admin/import/products').at(-1)).toEqual({ csv: GOOD, dryRun: false });
    // Once imported, the same file cannot be imported twice by a second click.
    expect(screen.getByRole('button', { name: 'Import 1 product' })).toBeDisabled();
  });

  it('the import button counts products, not rows: a product of six variant rows is one', async () => {
    const SIZES = 'id,sku,stock\n' + Array.from({ length: 6 }, (_, i) => `5,BOOT-${40 + i},${i}`).join('\n') + '\n';
    stubFetch({
      'POST /api/admin/import/products': () => jsonResponse({ dryRun: true, rows: 6, create: 0, update: 1, unchanged: 0, errors: {}, changes: { 'row 2': 'variant BOOT-40: Stock 1 → 0' } }),
    });
    const user = userEvent.setup();
    open();
    await user.upload(fileInput(), csvFile(SIZES));
    await user.click(await screen.findByRole('button', { name: 'Check file' }));
    expect(await screen.findByRole('button', { name: 'Import 1 product' })).toBeEnabled();
  });

  it('a file that changes nothing: counted as no change, nothing to import', async () => {
    const rows = 'id,title\n1,iPhone 15\n2,Galaxy S24\n';
    stubFetch({
      'POST /api/admin/import/products': () =>
        jsonResponse({ dryRun: true, rows: 2, create: 0, update: 0, unchanged: 2, errors: {}, changes: { 'row 2': 'No change', 'row 3': 'No change' } }),
    });
    const user = userEvent.setup();
    open();
    await user.upload(fileInput(), csvFile(rows));
    await user.click(await screen.findByRole('button', { name: 'Check file' }));
    expect(await screen.findByText(/nothing to import: every product in the file is as the shop has it/)).toBeInTheDocument();
    const figures = screen.getByRole('region', { name: 'Check of the file' }).querySelectorAll('dt, dd');
    expect([...figures].map((f) => f.textContent)).toEqual(['Rows', '2', 'To create', '0', 'To update', '0', 'No change', '2']);
    expect(screen.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
  });

  it('the result counts the products the import left as they were', async () => {
    stubFetch({
      'POST /api/admin/import/products': ({ body }) => {
        const { dryRun } = body as { dryRun: boolean };
        const report: ImportReport = { dryRun, rows: 3, create: 0, update: 1, unchanged: 2, errors: {}, changes: {} };
        return jsonResponse(dryRun ? report : { ...report, created: [], updated: [3] });
      },
    });
    const user = userEvent.setup();
    open();
    await user.upload(fileInput(), csvFile(GOOD));
    await user.click(await screen.findByRole('button', { name: 'Check file' }));
    await user.click(await screen.findByRole('button', { name: 'Import 1 product' }));
    expect(await screen.findByRole('heading', { name: 'Imported: 0 products created, 1 product updated, 2 unchanged' })).toBeInTheDocument();
  });

  it("shows the server's message and errors for a file it refuses", async () => {
    importApi();
    const user = userEvent.setup();
    open();
    await user.upload(fileInput(), csvFile('oops,title\n1,2\n'));
    await user.click(await screen.findByRole('button', { name: 'Check file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid import');
    expect(screen.getByRole('table', { name: 'Why the file was refused' })).toHaveTextContent('Unknown columns: oops');
  });

  it('refuses a file over 2 MB without sending it', async () => {
    const mock = importApi();
    const user = userEvent.setup();
    open();
    await user.upload(fileInput(), csvFile('x'.repeat(2 * 1024 * 1024 + 1), 'big.csv'));
    expect(await screen.findByRole('alert')).toHaveTextContent('big.csv is 2.1 MB: the import takes files of at most 2 MB.');
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    await waitFor(() => expect(fileInput()).toHaveAttribute('aria-invalid', 'true'));
    expect(mock).not.toHaveBeenCalled();
  });
});
