// server/query/likeRegex.ts: every pattern it accepts matches in PostgreSQL exactly the texts
// `new RegExp(pattern, 'i')` matches in JavaScript, on texts chosen to tell case rules, classes
// and escapes apart (Kelvin sign, long s, dotted I, final sigma, ß, an emoji, line breaks); and
// it refuses what it says it refuses. (`.`, negated classes, \D, \S, \W and \B on a text with a
// character beyond U+FFFF are the documented difference, not compared.)
import { PGlite } from '@electric-sql/pglite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likeRegex } from './likeRegex';

const TEXTS = [
  '',
  'Harvest Table Extra Virgin Olive Oil 750 ml',
  'ÉCLAIR Phone',
  'éclair',
  'a😀b',
  'K Kelvin \u212A k',
  'ſ long s',
  'ß Straße STRASSE',
  'İstanbul ı i I',
  'ΣΟΦΙΑ σοφια ς',
  'a-b]c{2}',
  'line\nbreak\r\u2028',
  'tab\there\u00a0nbsp',
  '21.99',
  'true',
  'foo_bar baz',
  '100% _under_ back\\slash',
  '/images/products/groceries-2.svg,/images/a.svg',
  '[object Object],[object Object]',
  'x\u0008y',
];

let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  await db.query('SELECT 1');
}, 60_000);
afterAll(() => db?.close());

/** Which of TEXTS the translated pattern matches in PostgreSQL. */
async function pgMatches(regex: string): Promise<boolean[]> {
  const { rows } = await db.query<{ m: boolean }>('SELECT t COLLATE "C" ~ $2 AS m FROM unnest($1::text[]) WITH ORDINALITY AS x(t, i) ORDER BY i', [TEXTS, regex]);
  return rows.map((r) => r.m);
}

/** Constructs that take a character beyond U+FFFF whole, where JavaScript takes half of it (the one difference, see likeRegex.ts). */
const HALVES = /\.|\[\^|\\[DSWB]/;
const astral = (text: string) => /[\ud800-\udfff]/.test(text);

async function expectSame(pattern: string) {
  const translated = likeRegex(pattern);
  if ('error' in translated) throw new Error(`${JSON.stringify(pattern)} refused: ${translated.error}`);
  const compared = (t: string) => !(HALVES.test(pattern) && astral(t));
  const js = TEXTS.map((t) => (compared(t) ? new RegExp(pattern, 'i').test(t) : 'not compared'));
  const pg = (await pgMatches(translated.regex)).map((m, i) => (compared(TEXTS[i]) ? m : 'not compared'));
  expect(pg, `${JSON.stringify(pattern)} → ${translated.regex}`).toEqual(js);
}

describe('likeRegex', () => {
  it.each([
    ['', 'oil', 'OIL', '^har', 'ml$', 'o.l', 'é', 'É', 'ecl', '\\d+', '\\D', '\\w', '\\W', '\\s', '\\S', '[a-c]', '[^a-z ]', '[]', '[^]'],
    ['\\bphone', '\\Bhone', 'k', 'K', '\\u212a', 's', 'ſ', 'ß', 'SS', 'ı', 'I', 'i', 'İ', 'σ', 'Σ', 'ς', '[k-k]', '[^k]', '[\\w]'],
    ['a-b\\]', '[\\]-]', 'x{2}', 'c\\{2\\}', '{', '}', ']', 'a{2,}', 'l{2}', '(oil|phone)', '(?:ab)+', 'colou?r', '\\.', '.', '\\x41', '\\u0041'],
    ['\\q', '\\-', '[\\d-z]', '[\\b]', '\\n', '\\t', 'a😀', '[a-zA-Z]+', '[^\\s]', '%', '_', '\\\\', '^$', 'a|', '|', '(|a)', 'x{a}', 'x{1,2', '\\0'],
  ])('matches what JavaScript matches: %s …', async (...patterns) => {
    for (const pattern of patterns) await expectSame(pattern);
  });

  it('on generated patterns', async () => {
    const atom = fc.constantFrom('a', 'K', 'k', 's', 'S', 'é', 'ß', 'σ', 'i', 'I', '\\.', '.', '\\d', '\\w', '\\s', '\\W', '[a-f]', '[^a-z]', '[\\w-]', '\\b', '\\B', ' ', '_', '\\]', '0', '9');
    const piece = fc.tuple(atom, fc.constantFrom('', '', '?', '*', '+', '{1,2}', '{2}'));
    const pattern = fc
      .tuple(fc.constantFrom('', '^'), fc.array(piece, { minLength: 1, maxLength: 5 }), fc.constantFrom('', '$'))
      .map(([a, parts, z]) => a + parts.map(([atomText, q]) => (atomText === '\\b' || atomText === '\\B' ? atomText : atomText + q)).join('') + z);
    await fc.assert(fc.asyncProperty(pattern, expectSame), { seed: Number(process.env.LIKE_SEED ?? 42), numRuns: Number(process.env.LIKE_RUNS ?? 200) });
  });

  it.each([
    ['(', 'Not a valid regular expression'],
    ['a{2,1}', 'Not a valid regular expression'],
    ['(a+)+$', 'A repeated group may not itself repeat or hold alternatives: it could be slow'],
    ['(a|b)*', 'A repeated group may not itself repeat or hold alternatives: it could be slow'],
    ['(a)\\1', 'Back-references and octal escapes are not supported'],
    ['(?=a)', 'Lookarounds and named groups are not supported'],
    ['(?<n>a)', 'Lookarounds and named groups are not supported'],
    ['a{101}', 'Counts over 100 are not supported'],
    ['😀+', 'A quantifier on a character beyond U+FFFF is not supported'],
    ['[😀]', 'A character beyond U+FFFF in a class is not supported'],
    ['\\cA', '\\c is not supported'],
    ['a'.repeat(501), 'At most 500 characters'],
  ])('refuses %s', (pattern, error) => {
    expect(likeRegex(pattern)).toEqual({ error });
  });
});
