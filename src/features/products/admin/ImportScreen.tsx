import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/controls';
import ErrorMessage from '../../../components/ErrorMessage';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useAppDispatch } from '../../../lib/hooks';
import type { RejectValue } from '../../../lib/thunk';
import { DryRunReport, ImportResult, RowErrorTable } from './ImportReportView';
import {
  MAX_IMPORT_BYTES,
  PRODUCT_CSV_COLUMNS,
  importProductsAsync,
  megabytes,
  PRODUCTS_EXPORT_HREF,
  toRowErrors,
  type ImportReport,
} from './productTransfer';

const products = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

/** /admin/import — products from a CSV file: a dry run first, then the import once it is clean. */
export default function ImportScreen() {
  useDocumentTitle('Admin: Import products');
  const dispatch = useAppDispatch();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'reading' | 'checking' | 'importing' | null>(null);
  const [check, setCheck] = useState<ImportReport | null>(null);
  const [result, setResult] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<RejectValue | null>(null);
  const reportRef = useRef<HTMLDivElement>(null);

  // The server's answer gets the focus (a failure leaves it on the button pressed).
  useEffect(() => {
    if (check || result) reportRef.current?.focus();
  }, [check, result]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setCsv(null);
    setCheck(null);
    setResult(null);
    setFailure(null);
    setFileError(null);
    if (!file) return;
    if (file.size > MAX_IMPORT_BYTES) {
      setFileError(`${file.name} is ${megabytes(file.size)}: the import takes files of at most ${megabytes(MAX_IMPORT_BYTES)}.`);
      return;
    }
    setBusy('reading');
    try {
      setCsv(await file.text());
    } catch {
      setFileError(`${file.name} could not be read.`);
    }
    setBusy(null);
  }

  async function send(dryRun: boolean) {
    if (csv === null) return;
    setBusy(dryRun ? 'checking' : 'importing');
    setFailure(null);
    if (dryRun) setCheck(null);
    try {
      const report = await dispatch(importProductsAsync({ csv, dryRun })).unwrap();
      if (dryRun) setCheck(report);
      else setResult(report);
    } catch (rejected) {
      setFailure(rejected as RejectValue);
    }
    setBusy(null);
  }

  const clean = check !== null && Object.keys(check.errors).length === 0;
  // A clean file that changes nothing has nothing to import.
  const toImport = check ? check.create + check.update : undefined;
  const failedRows = toRowErrors(failure?.errors);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <p className="text-sm">
        <Link to="/admin" className="text-brand-700 underline hover:text-brand-900">
          Back to products
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-gray-900">Import products</h1>
      <div id="import-help" className="mt-4 space-y-2 text-sm text-gray-700">
        <p>
          The file's first line names its columns, those of the product export:{' '}
          <code className="break-words">{PRODUCT_CSV_COLUMNS.join(', ')}</code>.
        </p>
        <p>
          A row without an id adds a product (every field of the product form is needed); a row with an id changes that
          product, and its empty cells are left as they are. The rating follows the reviews and is not imported. At most{' '}
          {megabytes(MAX_IMPORT_BYTES)} and 10,000 rows.
        </p>
        <p>
          A product with options (sizes, colours) has a row per variant, one after the other, with its product columns
          repeated: the option names and values (option1Name, option1Value…) and the variant's variantId, variantSku,
          variantPrice and variantDiscountPercentage (empty: the product's) and variantStock. A row without a variantId adds
          a variant; a variant left out of the file is removed. A product without options has one row: its variantSku is
          its SKU (change it there; a new product without one gets one made of its id, as SKU-7) and its other variant
          columns stay empty.
          A SKU belongs to one product: a row copied to add a product needs a SKU of its own, or none. The check lists what
          each row would change, and the products that would stay as they are.
        </p>
        <p>
          Tip:{' '}
          <a href={PRODUCTS_EXPORT_HREF} download className="text-brand-700 underline hover:text-brand-900">
            export the products
          </a>{' '}
          first and use that file as a template.
        </p>
      </div>

      <div className="mt-6 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor="csv-file" className="block text-sm font-medium text-gray-900">
            CSV file
          </label>
          <input
            id="csv-file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={fileError ? 'csv-file-error' : 'import-help'}
            aria-invalid={fileError ? true : undefined}
            onChange={choose}
            className="mt-2 block w-full max-w-xs text-sm text-gray-900 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-700 hover:file:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          />
        </div>
        {/* Busy, not disabled, while the server works: a disabled button drops the keyboard focus. */}
        <Button look="secondary" busy={busy !== null} disabled={csv === null} onClick={() => send(true)}>
          {busy === 'checking' ? 'Checking…' : 'Check file'}
        </Button>
        <Button busy={busy !== null} disabled={!clean || toImport === 0 || result !== null} onClick={() => send(false)}>
          {busy === 'importing' ? 'Importing…' : toImport === 0 ? 'Nothing to import' : `Import ${toImport === undefined ? 'products' : products(toImport)}`}
        </Button>
      </div>
      {fileError && (
        <p id="csv-file-error" role="alert" className="mt-2 text-sm text-red-700">
          {fileError}
        </p>
      )}

      <div ref={reportRef} tabIndex={-1} className="rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600">
        {check && <DryRunReport report={check} />}
        {result && <ImportResult report={result} />}
      </div>
      {failure && (
        <div className="mt-6">
          <ErrorMessage title="The file was not imported" message={failure.message} />
          {failedRows.length > 0 && <RowErrorTable errors={failedRows} caption="Why the file was refused" />}
        </div>
      )}
    </div>
  );
}
