// The hand-written section of docs/performance.md on the shop's ranked search at scale
// (renderMarkdown puts it before the scale section): measured by hand, one request at a time, on
// the scale bench's seeded catalogues, before and after it ranked bounded candidates.
export const SEARCH_NOTES = `## Ranked \`search\` at scale (measured by hand, 2026-11-29)

The shop's own ranked search (\`search=\`, no \`_sort\`) scored every match before taking a page:
14,074 products for "running shoes" at 1,000,000, 83,333 for "shoes" or "laptop". On a catalogue
of more than 20,000 products it is now ranked among bounded candidates with an estimated total
(\`server/modules/catalogue/pg/rankedSearch.ts\`; what it gives up: \`server/modules/catalogue/README.md\`),
and the search vocabulary's trigram index keeps at most 64 kB of pending entries (migration 0047:
PGlite has no autovacuum, and a pending list of up to 4 MB, read through by every lookup, made a
typo's correction ~57 ms instead of ~6 ms at 100,000 products). Before: commit e983d16
(\`git archive e983d16 | tar -x -C DIR\`, node_modules linked); after: the change on top of it. Each
server as production starts it (\`node --import tsx server/index.ts\`, LOG=0, a free PORT):
**postgres** (15, fsync off) with \`DATABASE_URL\` on the scale bench's seeded databases of 1,000,000
and 10,000 products; **embedded** with \`DATA_DIR\` on a data folder made by
\`node --import tsx scripts/bench/scaleData.ts --products N --out DIR/db.json\` then
\`DATA_DIR=DIR/data node --import tsx scripts/dbImport.ts --from DIR/db.json\` (by each side's own
code), and \`READ_CACHE=off\`. One request at a time,
\`GET /api/products?search=<s>&_page=1&_limit=15\`, 3 warm-ups then 100 requests per search (a small
fetch loop); p50 / p95 ms. The machine (2 CPUs) was shared with other work throughout (load
average 3–6), so single numbers move by ±30 %: the 10,000-product rows run the same code before and
after (nothing changed up to 20,000 products but the migration), their differences are the load's.

| search | postgres 10,000 before → after | postgres 1,000,000 before → after | 1M / 10k p50 after | embedded 10,000 before → after | embedded 100,000 before → after | 100k / 10k p50 after |
|---|---|---|---|---|---|---|
| \`runing+sheos\` (corrected to "running shoes") | 20.9 / 40.5 → 27.8 / 48.4 | 211.2 / 240.7 → **32.2 / 60.2** | 1.16× | 71.1 / 120.8 → 37.2 / 96.1 | 123.9 / 262.0 → **45.4 / 89.6** | 1.22× |
| \`shoes\` | 17.2 / 27.5 → 28.0 / 41.0 | 1,790.9 / 2,125.4 → **19.9 / 32.8** | 0.71× | 37.9 / 51.1 → 30.8 / 64.2 | 261.7 / 325.2 → **21.2 / 36.3** | 0.69× |
| \`laptop\` | 20.1 / 32.0 → 28.3 / 51.1 | 1,079.3 / 1,267.8 → **21.1 / 42.1** | 0.75× | 40.1 / 55.1 → 31.1 / 51.2 | 333.4 / 556.5 → **20.4 / 29.6** | 0.66× |
| \`running+shoes\` | 10.8 / 19.1 → 14.2 / 31.9 | 167.4 / 213.2 → **17.1 / 28.1** | 1.20× | 21.5 / 31.7 → 17.8 / 29.6 | 55.3 / 80.4 → **13.7 / 22.1** | 0.77× |

Totals at 1,000,000 after: "running shoes" 13,500 (estimated; exactly 14,074), "shoes" and "laptop"
83,500 (estimated; exactly 83,333); at 100,000: 1,350 (1,391) and 8,350 (8,334, 8,333). The first
15 of "shoes", "laptop" and "running shoes" at 1,000,000 are the same ids, in the same order, as the
exact ranking's. A first version also limited the products' own trigram indexes (\`title_words\`,
\`search_text\`) to 64 kB of pending entries: searches on an imported catalogue gained a little more
(the typo search at 100,000: 38.2 / 72.1 ms), but an import of 10,000 products into the embedded
database took twice as long (50–62 s instead of 27–31 s), so they keep the default. Not measured
here: searches with a \`_sort\` (unchanged: every match is still read, ~1 s for "laptop" sorted by
price at 1,000,000), and searches whose filters select a small part of a big catalogue (the window
is the filtered list's first 2,000 products in id order:
\`search=shoes&brand=Stridewell&salePrice_gte=50&salePrice_lte=120\` took ~0.4 s warm at 1,000,000,
PostgreSQL reading and sorting the filtered products to find their first 2,000; not compared with
before). Pages past the candidates read on in id order: page 2 of "running shoes" ~60 ms, page 300
~0.2 s warm.
`;
