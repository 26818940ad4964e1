// GET /products in SQL: the port's ListQuery (json-server 0.17's filters, `q`, sort and slice;
// server/store/port.ts) as a WHERE, an ORDER BY and a LIMIT/OFFSET that PostgreSQL answers from
// the indexes of migrations/0001_initial.ts. tests/api/catalogue.test.ts holds both engines to
// json-server's own answers.
//
// json-server compares texts from the query string with typed values; here the typed columns let
// that be decided in JavaScript first, so every condition is a plain, indexable comparison:
//  - eq / ne: `String(value) === text`. A number column can equal only a text that is a number's
//    canonical form (String(Number(t)) === t: '5', '21.99'; not '05', '5.0', ' 5'); a boolean
//    only 'true' or 'false'.
//  - gte / lte: `text <= value` / `text >= value` as JavaScript compares them: Number(text) with
//    a number (NaN matches nothing; '' is 0), UTF-16 order with a text (COLLATE "C": code points,
//    the same order except astral characters against U+E000–U+FFFF), a boolean as 0 or 1. Of
//    several texts, one is enough: the loosest bound decides.
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { ListFilter, ListQuery, ProductField } from '../port';
import { PRODUCT_COLUMN } from './rows';
import { productMatches } from './search';

type Kind = 'int' | 'float' | 'bool' | 'text';

const KIND: Record<ProductField, Kind> = {
  id: 'int',
  title: 'text',
  description: 'text',
  price: 'float',
  discountPercentage: 'float',
  stock: 'int',
  thumbnail: 'text',
  brand: 'text',
  category: 'text',
  rating: 'float',
  weight: 'float',
  warrantyInformation: 'text',
  shippingInformation: 'text',
  returnPolicy: 'text',
  minimumOrderQuantity: 'int',
  deleted: 'bool',
};

const INT_MAX = 2_147_483_647;
const NOTHING = sql<SqlBool>`false`;

const column = (field: ProductField) => sql.ref(`products.${PRODUCT_COLUMN[field]}`);

/** The typed values a column can equal among `texts` (see the header). */
function equalValues(kind: Kind, texts: readonly string[]): (string | number | boolean)[] {
  switch (kind) {
    case 'text':
      return [...new Set(texts)];
    case 'bool':
      return [...new Set(texts.filter((t) => t === 'true' || t === 'false').map((t) => t === 'true'))];
    default:
      return [
        ...new Set(
          texts
            .filter((t) => t !== '' && String(Number(t)) === t)
            .map(Number)
            .filter((n) => kind === 'float' || (Number.isInteger(n) && Math.abs(n) <= INT_MAX)),
        ),
      ];
  }
}

const arrayType = (kind: Kind) => sql.raw(kind === 'int' ? 'int[]' : kind === 'float' ? 'float8[]' : kind === 'bool' ? 'bool[]' : 'text[]');

function condition({ field, op, values }: ListFilter<ProductField>): RawBuilder<SqlBool> {
  const kind = KIND[field];
  const col = column(field);
  if (op === 'eq' || op === 'ne') {
    const equal = equalValues(kind, values);
    if (op === 'eq') return equal.length === 0 ? NOTHING : sql<SqlBool>`${col} = ANY(${equal}::${arrayType(kind)})`;
    return equal.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`${col} <> ALL(${equal}::${arrayType(kind)})`;
  }
  const lower = op === 'gte';
  if (kind === 'text') {
    // The loosest bound by UTF-16 order, as JavaScript's < compares.
    const bound = values.reduce((a, b) => ((lower ? b < a : b > a) ? b : a));
    return sql<SqlBool>`${col} COLLATE "C" ${sql.raw(lower ? '>=' : '<=')} ${bound}`;
  }
  const numbers = values.map(Number).filter((n) => !Number.isNaN(n));
  if (numbers.length === 0) return NOTHING;
  const bound = lower ? Math.min(...numbers) : Math.max(...numbers);
  const value = kind === 'bool' ? sql`${col}::int` : col;
  return sql<SqlBool>`${value} ${sql.raw(lower ? '>=' : '<=')} ${bound}::float8`;
}

/** The WHERE of a product list (`true` for everything). */
export function productWhere(query: ListQuery<ProductField>): RawBuilder<SqlBool> {
  const parts = (query.filters ?? []).map(condition);
  if (query.q) parts.unshift(productMatches(query.q));
  return parts.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`${sql.join(parts, sql` AND `)}`;
}

/** The ORDER BY of a product list: the sort keys, then id (json-server's sort is stable). */
export function productOrder(query: ListQuery<ProductField>): RawBuilder<unknown> {
  const keys = (query.sort ?? []).map(({ field, order }) => {
    const col = KIND[field] === 'text' ? sql`${column(field)} COLLATE "C"` : column(field);
    return order === 'desc' ? sql`${col} DESC` : col;
  });
  if (!query.sort?.some((s) => s.field === 'id')) keys.push(sql.ref('products.id'));
  return sql.join(keys);
}
