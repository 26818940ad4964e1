import { PGlite } from '@electric-sql/pglite';
import { likeRegex } from './server/likeRegex';
const db = new PGlite();
const texts = ['Harvest Table Extra Virgin Olive Oil 750 ml', 'ÉCLAIR Phone', 'éclair', 'a😀b', 'K Kelvin \u212A', 'ſ long s', 'ß Straße', 'a-b]c', 'x{2}', 'line\nbreak', 'tab\there', '21.99', 'true', '', 'foo_bar baz', 'İstanbul ı', 'Σσς', '100% _under_ back\\slash', '/images/products/groceries-2.svg,/images/a.svg', '[object Object],[object Object]'];
const patterns = ['', 'oil', 'OIL', '^har', 'ml$', 'o.l', 'é', 'É', 'ecl', '\\d+', '\\D', '\\w', '\\W', '\\s', '\\S', '[a-c]', '[^a-z ]', '[]', '[^]', '\\bphone', '\\Bhone', 'k', 'K', '\\u212a', 's', 'ß', 'SS', 'a-b\\]', '[\\]-]', 'x{2}', 'x\\{2\\}', '{', '}', ']', 'a{2,}', 'l{2}', '(oil|phone)', '(?:ab)+', 'colou?r', '\\.', '.', '\\x41', '\\u0041', '\\q', '\\-', '[\\d-z]', '[\\b]', '\\n', '\\t', 'a😀', '[a-zA-Z]+', '[^\\s]', '%', '_', '\\\\', 'ı', 'I', 'i', 'σ', 'Σ', 'ς', '(a+)+$', '\\1', '(?=a)', 'a{101}', '(', '[', 'a**', '\\0', '[\\0]', '^$', 'a|', '|', '(|a)', 'x{a}', 'x{1,2', '\\cA', '\\k'];
let bad = 0;
for (const p of patterns) {
  const t = likeRegex(p);
  if ('error' in t) { console.log('REFUSED', JSON.stringify(p), t.error); continue; }
  for (const s of texts) {
    let js: boolean;
    try { js = new RegExp(p, 'i').test(s); } catch { js = false; }
    let pg: boolean | string;
    try { pg = (await db.query<{ r: boolean }>(`select $1::text COLLATE "C" ~ $2 as r`, [s, t.regex])).rows[0].r; } catch (e) { pg = 'ERR ' + (e as Error).message; }
    if (js !== pg) { bad++; console.log('DIFF', JSON.stringify(p), JSON.stringify(s), js, pg, t.regex); }
  }
}
console.log('diffs', bad);
