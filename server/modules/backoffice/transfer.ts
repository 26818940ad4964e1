// CSV in and out of the back office (admin only), with the csv project's parser and stringifier:
//  - exports: what the admin's product or order list shows (its filters and sort), streamed a
//    page at a time, never built whole in memory;
//  - the product import: new products (no id) and changes (by id, empty cells left as they are),
//    checked with the product form's rules and messages and the shop's SKUs (skuCheck.ts), first
//    as a dry run that lists every row's errors, then for real, all or nothing. A product the file
//    names with the values it has is counted unchanged, not updated (its write tells no one).
// The product file's columns and cells follow the field table (src/domain/productCsv.ts). A text
// cell that a spreadsheet would run as a formula (=, +, -, @, TAB, CR first), or that starts with
// an apostrophe, goes out with one apostrophe before it; the import takes exactly one off again,
// so an export imports back unchanged, whatever its texts.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse/sync';
import type { Order } from '../../../src/domain/types';
import { orderCharges, paymentText } from '../../../src/domain/orderText';
import { badRequest, conflict, HttpError } from '../../http/errors';
import type { StoredUser } from '../../db/port';
import type { ImportRow } from '../../db/port';
import { readProduct, type Errors } from '../../http/validate';
import { MAX_IMPORT_BYTES, type ImportReport } from '../../../src/domain/backOffice';
import { csvRowToBody, isImportedColumn, toCsvText as safe, type CsvCell as Cell } from '../../../src/domain/productCsv';
import { CSV_FILE_COLUMNS, productCsvRows } from '../../../src/domain/variantCsv';
import { describeGroup, groupRows, NO_CHANGE, readGroupVariants } from './variantCsv';
import { checkSkus, namedSkus, skuRows, type SkuWrite } from './skuCheck';
import { auditBy } from './audit';
import { newProduct, skuFree, type CatalogueService } from '../catalogue/service';
import { parseId, requireObject } from '../../http/input';
import type { OrderService } from '../orders/service';

/** The product CSV's columns, shared with the client (src/domain/productCsv.ts, variantCsv.ts). */
export const PRODUCT_COLUMNS = CSV_FILE_COLUMNS;

export const ORDER_COLUMNS = [
  'id',
  'createdAt',
  'user',
  'status',
  'paymentMethod',
  'totalItems',
  'totalAmount',
  'items',
  'name',
  'email',
  'phoneNumber',
  'street',
  'city',
  'state',
  'pincode',
  'country',
  // The priced snapshot the order keeps (an older order's derived one): src/domain/orderText.ts.
  'subtotal',
  'discount',
  'shipping',
  'tax',
  'total',
  'paymentStatus',
  // The payment in the words every page and mail uses (paymentText), e.g. "Card •••• 4242 (Visa) — Refunded".
  'payment',
  // The membership fee the order charged, part of its total (0 when it bought none).
  'membership',
] as const;

export { MAX_IMPORT_BYTES };
export const MAX_IMPORT_ROWS = 10_000;
const PAGE = 500;
/**
 * Products checked between two turns of the event loop: checking a big file takes seconds of
 * CPU, and on the embedded driver the database runs in this process too, so other requests get
 * their turn every this many products.
 */
const CHECK_SLICE = 200;

function orderCells(o: Order): Cell[] {
  const items = o.items.map((i) => `${i.quantity} × ${i.product.title} (#${i.product.id})`).join('; ');
  const a = o.selectedAddress;
  const { totals, payment } = orderCharges(o);
  return [
    ...[o.id, o.createdAt ?? '', o.user, o.status, o.paymentMethod, o.totalItems, o.totalAmount, safe(items)],
    ...[safe(a.name), safe(a.email), safe(a.phoneNumber), safe(a.street), safe(a.city), safe(a.state), safe(a.pincode), a.country],
    ...[totals.subtotal, totals.discount, totals.shipping, totals.tax, totals.total, payment.status, paymentText(payment, totals.total, o.status === 'cancelled'), totals.membership ?? 0],
  ];
}

export class TransferService {
  constructor(
    private readonly catalogue: CatalogueService,
    private readonly orders: OrderService,
    private readonly now: () => number,
  ) {}

  /** The rows of GET /admin/export/products.csv: the product list's filters and sort, a row per variant. */
  async *productRows(query: Record<string, unknown>): AsyncGenerator<Cell[]> {
    for await (const page of this.catalogue.productPages(query, PAGE)) {
      const withVariants = new Map((await this.catalogue.productsByIds(page.map((p) => p.id))).map((p) => [p.id, p]));
      for (const p of page) {
        const full = withVariants.get(p.id);
        yield* productCsvRows(full ? { ...p, options: full.options, variants: full.variants } : p);
      }
    }
  }

  /** The rows of GET /admin/export/orders.csv: the orders list's filter and sort. */
  async *orderRows(query: Record<string, unknown>): AsyncGenerator<Cell[]> {
    for await (const page of this.orders.orderPages(query, PAGE)) for (const o of page) yield orderCells(o);
  }

  /** POST /admin/import/products {csv, dryRun}: see the header. */
  async importProducts(admin: StoredUser, input: unknown): Promise<ImportReport> {
    const body = requireObject(input);
    if (typeof body.csv !== 'string') throw badRequest('Invalid import', { csv: 'The file must be the text of a CSV file' });
    if (body.dryRun !== undefined && typeof body.dryRun !== 'boolean') throw badRequest('Invalid import', { dryRun: 'Check only must be true or false' });
    const dryRun = body.dryRun !== false;
    const records = readCsv(body.csv);

    const known = await this.catalogue.knownValues();
    const ids = records.map((r) => (r.id ? parseId(r.id) : undefined));
    const existing = new Map((await this.catalogue.productsByIds(ids.filter((id): id is number => id !== undefined))).map((p) => [p.id, p]));
    const errors: Errors = {};
    // How many errors there are (counted, not Object.keys(errors).length per product: a file
    // with thousands of errors took minutes of CPU that way).
    let failures = 0;
    const fail = (line: number, field: string, message: string) => {
      const key = `row ${line}.${field}`;
      if (!(key in errors)) failures++;
      errors[key] = message;
    };
    const rows: ImportRow[] = [];
    const changes: Record<string, string> = {};
    const seen = new Set<number>();
    const skuWrites: SkuWrite[] = [];
    // The products the file names that it would leave as they are.
    let unchanged = 0;
    const groups = groupRows(records, ids);
    for (const [index, group] of groups.entries()) {
      if (index > 0 && index % CHECK_SLICE === 0) await nextTurn();
      const [first] = group.lines;
      const record = records[first - 2];
      const { id } = group;
      if (record.id && id === undefined) {
        fail(first, 'id', 'The id must be a product id');
        continue;
      }
      if (id !== undefined && !existing.has(id)) {
        fail(first, 'id', `No product with id ${id}`);
        continue;
      }
      if (id !== undefined && seen.has(id)) {
        fail(first, 'id', `Product ${id} is in the file twice (its rows must follow each other)`);
        continue;
      }
      if (id !== undefined) seen.add(id);
      const before = id === undefined ? undefined : existing.get(id);
      const failed = failures;
      // The product's columns are the first row's; its other rows repeat them or leave them empty.
      for (const line of group.lines.slice(1)) {
        for (const column of CSV_FILE_COLUMNS.filter((c) => isImportedColumn(c))) {
          const cell = records[line - 2][column] ?? '';
          if (cell !== '' && cell !== (record[column] ?? '')) fail(line, column, `Differs from row ${first}, this product's first row`);
        }
      }
      const fields = csvRowToBody(record, id !== undefined);
      const { changes: productChanges, errors: rowErrors } = readProduct(fields, { existing: before, ...known });
      for (const [field, message] of Object.entries(rowErrors)) if (message) fail(first, field, message);
      const variants = readGroupVariants(group.lines.map((line) => records[line - 2]), group.lines, before, productChanges.stock, fail);
      if (!variants && before && before.options.length > 0 && productChanges.stock !== undefined && productChanges.stock !== before.stock) {
        fail(first, 'stock', "Stock of a product with options is each variant's: give its variant rows");
      }
      if (failures > failed) continue;
      const described = describeGroup(group.lines, before, productChanges, variants);
      Object.assign(changes, described);
      if (before && Object.values(described).every((text) => text === NO_CHANGE)) unchanged++;
      if (variants) skuWrites.push({ ...(id === undefined ? {} : { id }), variants: variants.variants, lines: group.lines });
      const write = { ...productChanges, ...variants };
      rows.push(id === undefined ? { product: { ...newProduct(productChanges), ...variants } } : { id, changes: write });
    }
    checkSkus(skuWrites, await this.catalogue.skuOwners(namedSkus(skuWrites)), fail);
    const report: ImportReport = {
      dryRun,
      rows: records.length,
      create: groups.filter((g) => g.id === undefined).length,
      update: groups.filter((g) => g.id !== undefined).length - unchanged,
      unchanged,
      errors,
      changes,
    };
    if (dryRun) return report;
    if (failures > 0) {
      throw new HttpError(400, `Nothing was imported: ${new Set(Object.keys(errors).map((k) => k.split('.')[0])).size} rows have errors`, errors);
    }
    const where = skuRows(skuWrites);
    const result = await skuFree(() => this.catalogue.importProducts(rows, auditBy(admin, 'product.import', this.now())), (sku) => where.get(sku));
    if ('missing' in result) throw conflict(`Nothing was imported: no product with id ${result.missing.join(', ')}`);
    // What the writes found (a product changed meanwhile may differ from the check's count).
    return { ...report, update: result.updated.length, unchanged: result.unchanged.length, created: result.created, updated: result.updated };
  }
}

/** The CSV's rows by column (400 for a file that is not CSV, lacks a known header, or is too big). */
function readCsv(text: string): Record<string, string>[] {
  if (Buffer.byteLength(text) > MAX_IMPORT_BYTES) throw badRequest('Invalid import', { csv: `The file must be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB` });
  let records: Record<string, string>[];
  // The header as written: a record's keys lose a repeated column (the last one wins) and `__proto__`.
  let header: string[] = [];
  try {
    records = parse(text, { columns: (names: string[]) => (header = names), bom: true, skip_empty_lines: true, relax_column_count: false });
  } catch (err) {
    throw badRequest('Invalid import', { csv: `The file is not valid CSV: ${(err as Error).message}` });
  }
  if (records.length === 0) throw badRequest('Invalid import', { csv: 'The file has no rows' });
  if (records.length > MAX_IMPORT_ROWS) throw badRequest('Invalid import', { csv: `The file must have at most ${MAX_IMPORT_ROWS} rows` });
  const unknown = header.filter((c) => !(PRODUCT_COLUMNS as readonly string[]).includes(c));
  if (unknown.length > 0) throw badRequest('Invalid import', { csv: `Unknown columns: ${unknown.join(', ')} (the columns are those of the export)` });
  const repeated = new Set(header.filter((c, i) => header.indexOf(c) !== i));
  if (repeated.size > 0) throw badRequest('Invalid import', { csv: `Columns given twice: ${[...repeated].join(', ')}` });
  return records;
}
