// Data files for the scale bench, written without ever holding the file as one string: the server's
// own format (scripts/seed.ts serialize(): JSON.stringify(db, null, 2) + '\n') is produced record
// by record, so a catalogue too big for one JavaScript string (~370,000 products) can still be
// written, and the json adapter's own limit is what the bench finds.
//
// Run as a child process (generateSeed holds the catalogue in memory: ~1.4 GB at 1,000,000):
//   tsx scripts/bench/scaleData.ts --products N --out FILE [--root CHECKOUT]
// prints one JSON line: { bytes, products, bigStock: [ids] }.
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { seedVariants } from '../../server/db/seedVariants';
import { generateSeed, type SeedDb } from '../seed';

/** Stock given to the products orders are placed on, so 50 connections never run one out. */
export const BIG_STOCK = 1_000_000_000;
/** How many products get it: spread evenly over the catalogue. */
export const BIG_STOCK_PRODUCTS = 1000;

/** Ids spread evenly over 1..products (at most BIG_STOCK_PRODUCTS of them); deleted ones are left out by the caller. */
export function spreadIds(products: number, count = BIG_STOCK_PRODUCTS): number[] {
  const n = Math.min(count, products);
  return Array.from({ length: n }, (_, k) => Math.floor(((k + 0.5) * products) / n) + 1);
}

/** `value` as JSON.stringify(value, null, 2) writes it at `depth` levels of 2-space indentation. */
function indented(value: unknown, depth: number): string {
  const text = JSON.stringify(value, null, 2);
  return depth === 0 ? text : text.replace(/\n/g, `\n${' '.repeat(2 * depth)}`);
}

/**
 * The pieces of JSON.stringify(db, null, 2) + '\n' for an object of arrays (and other values),
 * one array element at a time. Joined, they are exactly that text.
 */
export function* serializeChunks(db: Record<string, unknown>): Generator<string> {
  const keys = Object.keys(db).filter((k) => db[k] !== undefined && typeof db[k] !== 'function');
  if (keys.length === 0) {
    yield '{}\n';
    return;
  }
  yield '{\n';
  for (const [i, key] of keys.entries()) {
    const value = db[key];
    yield `  ${JSON.stringify(key)}: `;
    if (Array.isArray(value) && value.length > 0) {
      yield '[\n';
      for (const [j, item] of value.entries()) {
        // JSON.stringify writes undefined, functions and symbols in an array as null.
        const shown = item === undefined || typeof item === 'function' || typeof item === 'symbol' ? null : item;
        yield `    ${indented(shown, 2)}${j < value.length - 1 ? ',' : ''}\n`;
      }
      yield '  ]';
    } else {
      yield indented(value, 1);
    }
    yield i < keys.length - 1 ? ',\n' : '\n';
  }
  yield '}\n';
}

/** Writes serializeChunks(db) to `file` in ~1 MB writes; returns the bytes written. */
export function writeDataFile(file: string, db: Record<string, unknown>): number {
  mkdirSync(path.dirname(file), { recursive: true });
  const fd = openSync(file, 'w');
  let bytes = 0;
  let buffer: string[] = [];
  let size = 0;
  const flush = () => {
    const chunk = Buffer.from(buffer.join(''));
    writeSync(fd, chunk);
    bytes += chunk.length;
    buffer = [];
    size = 0;
  };
  try {
    for (const piece of serializeChunks(db)) {
      buffer.push(piece);
      size += piece.length;
      if (size >= 1 << 20) flush();
    }
    flush();
  } finally {
    closeSync(fd);
  }
  return bytes;
}

/**
 * A product the benches can put in a cart one at a time as it is: not deleted, without a minimum
 * order quantity above 1, and without options (the seed gives shoes, clothes, phones, laptops and
 * sunglasses variants when it is loaded, and a line of those needs a choice), so its stock is its
 * one variant's.
 */
export const plainProduct = (p: SeedDb['products'][number] | undefined): boolean =>
  !!p && !p.deleted && (p.minimumOrderQuantity ?? 1) <= 1 && seedVariants(p) === undefined;

/** generateSeed(products) with big stock on the plain products at or next after spreadIds; returns them. */
export function scaleSeed(products: number, generate: typeof generateSeed = generateSeed): { db: SeedDb; bigStock: number[] } {
  const db = generate({ products });
  const bigStock = new Set<number>();
  for (const spread of spreadIds(products)) {
    let id = spread;
    while (id <= products && (bigStock.has(id) || !plainProduct(db.products[id - 1]))) id++;
    const p = db.products[id - 1];
    if (id > products || !p) continue;
    p.stock = BIG_STOCK;
    bigStock.add(id);
  }
  return { db, bigStock: [...bigStock] };
}

async function main() {
  const argv = process.argv.slice(2);
  const at = (flag: string) => {
    const i = argv.indexOf(flag);
    if (i < 0 || !argv[i + 1]) throw new Error(`usage: scaleData.ts --products N --out FILE (missing ${flag})`);
    return argv[i + 1];
  };
  const products = Number(at('--products'));
  const out = path.resolve(at('--out'));
  // --root: the seed generator of the checkout whose server will load the file (the data it knows).
  const root = argv.includes('--root') ? path.resolve(at('--root')) : undefined;
  const generate = root ? ((await import(pathToFileURL(path.join(root, 'scripts/seed.ts')).href)) as { generateSeed: typeof generateSeed }).generateSeed : generateSeed;
  const { db, bigStock } = scaleSeed(products, generate);
  const bytes = writeDataFile(out, db as unknown as Record<string, unknown>);
  console.log(JSON.stringify({ bytes, products: db.products.length, bigStock }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
