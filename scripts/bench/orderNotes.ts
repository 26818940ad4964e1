// The hand-written section of docs/performance.md on placing an order (renderMarkdown puts it
// before the scale section): statement counts and per-step times from
// scripts/bench/orderStatements.ts, and the ratios of the scale bench's `order` and `cartAdd`
// cases, before (commit 385f6a3) and after the change that cut the statements.
export const ORDER_NOTES = `## Placing an order: statements and time per step

Counted with \`npx tsx scripts/bench/orderStatements.ts\` (the app in one process on an in-memory embedded
database, the demo shopper signed in; every statement Kysely sends, BEGIN and COMMIT included; each
scenario 21 times, the first a warm-up; an Idempotency-Key on every order, as the checkout sends it).
The statements are the same on both drivers. Before: commit 385f6a3.

| request | statements before | after | transactions before → after | with paid membership (commit 9878796) | now |
|---|---|---|---|---|---|
| POST /cart (add a line) | 4 | 3 | 0 → 0 | 3 | 3 |
| POST /orders, cash, 1 line | 21 | 12 | 1 → 1 | 16 | 13 |
| POST /orders, cash, 3 lines | 21 | 12 | 1 → 1 | 16 | 13 |
| POST /orders, card, 1 line | 36 | 15 | 3 → 1 | 19 | 16 |
| POST /orders, card, 3 lines | 36 | 15 | 3 → 1 | 19 | 16 |

Paid membership added three statements to every order: the cart's membership line looked up
before the transaction, again inside it (locked, \`FOR UPDATE\`), and deleted after the cart's
lines (\`DELETE cart_membership\`). Now the cart is emptied, its membership line too, with one
statement in the order's transaction, before the order is priced
(\`CartService.emptyForOrder\`, \`server/modules/cart/pg.ts\`: \`WITH … DELETE FROM cart_membership
RETURNING …, … DELETE FROM cart … SELECT EXISTS …\`); it answers whether the cart held the
membership line, whose fee the order then buys (the deleted rows stay locked until the
transaction ends; a refused order rolls back and leaves the cart as it was: the two "short of
stock" answers inside the transaction now roll back instead of committing nothing). Before the
transaction the membership line is looked up only when it matters there: an order of no items
(membership alone) and a card order (its authorization is priced with the fee), side by side
with the key's earlier order and the body's products, no longer before reading the body.
Counted at commit 9878796 and now, one after the other (mean ms per statement kind over 10
runs, card order of one line; a shared machine, so proportions):

| step | 9878796 | ms | now | ms |
|---|---|---|---|---|
| session | 1 | 1.1 | 1 | 1.3 |
| membership line before the transaction | 1 | 0.5 | 1 (card, or no items; cash with items: 0) | 0.5 |
| key's earlier order | 1 | 1.0 | 1 | 1.1 |
| products read with the body | 2 | 2.1 | 2 | 2.1 |
| pricing context, before and in the transaction | 2 | 2.6 | 2 | 2.6 |
| test provider's authorization | 1 | 0.7 | 1 | 0.6 |
| products locked | 1 | 0.8 | 1 | 0.9 |
| membership line locked; cart emptied; membership line deleted | 3 | 1.2 | 1 | 0.6 |
| stock taken (\`UPDATE variants\`, products' row by trigger) | 1 | 2.5 | 1 | 2.6 |
| order + key | 1 | 1.5 | 1 | 1.4 |
| payment record, outbox, webhook delivery | 3 | 2.3 | 3 | 2.1 |
| BEGIN / COMMIT | 2 | 0.6 | 2 | 0.5 |
| statements (sum of means) | 19 | 16.9 | 17 | 16.4 |
| whole request (median) | | 24.2 | | 25.7 |

Per request the saving is about a millisecond of statements (within this machine's noise for a
single request). A CPU profile of the embedded server (\`node --cpu-prof\`
over 60 runs of each scenario) puts ~65 % of the process's time in PGlite (its WebAssembly
PostgreSQL and its JavaScript glue: the in-memory file system's \`expandFileStorage\`, the wire
protocol's parsing) and ~3 % in Kysely, ~1 % in Express: on the embedded engine an order costs
what its statements cost the database, not the app's JavaScript.

Measured with the scale bench (\`order\` and \`cartAdd\` cases, 10,000 products), commit c7e37e5
(\`--server-commit c7e37e5\`) and this code one after the other, twice (answers/s at 50
connections, p99 at 50, CPU ms per request: the server's, + the database's on PostgreSQL):

| case | engine | pair | answers/s | p99 | CPU ms per request |
|---|---|---|---|---|---|
| POST /orders (card) | embedded | 1 (load 3.4–5) | 25.9 → 22.6 | 1.48 → 1.08 s | 31.5 → 36.7 |
| POST /orders (card) | embedded | 2 (load 1–1.7) | 39.6 → 41.1 | 0.60 → 0.78 s | 27.2 → 26.2 |
| POST /orders (card) | postgres | 1 | 36.7 → 40.4 | 1.25 → 1.09 s | 26.6 → 30.9 |
| POST /orders (card) | postgres | 2 | 76.9 → 95.1 | 0.53 → 0.55 s | 20.8 → 17.1 |
| POST /cart | embedded | 1 | 69.9 → 54.3 | 0.44 → 3.96 s | 12.4 → 12.8 |
| POST /cart | embedded | 2 | 107.9 → 132.8 | 0.44 → 3.53 s | 10.4 → 8.7 |
| POST /cart | postgres | 1 | 68.0 → 99.1 | 1.55 → 0.54 s | 10.3 → 9.3 |
| POST /cart | postgres | 2 | 183.7 → 278.2 | 0.57 → 0.40 s | 8.5 → 5.5 |

POST /cart runs the same code in both (its differences, the embedded p99 included, are the
machine's); a card order saves two statements of nineteen, which the bench cannot tell from its
noise on the embedded engine, and on PostgreSQL at best ~18 % of its CPU in the quieter pair. Not
reached: 4× the orders' throughput, a third of their CPU, 3× for adding to the cart. What is left
to gain is in the database: the stock decrement (below) and three inserts of three modules
(payment record, outbox, webhook delivery) after the order's own.

Since then, signed webhooks write an order's \`order.placed\` delivery in its transaction (one
\`INSERT webhook_deliveries\`): 13 statements for a cash order and 16 for a card one, counted the same
way at commit b566ad5 (the BEGIN and COMMIT included); the stored delivery estimate goes in the
order's own INSERT.

The number of lines never changed the count: the products are locked with one statement (and their
variants read with a second), the stock taken with one guarded \`UPDATE … FROM unnest(…)\`.
Where they went (card order, one line; mean ms per statement kind over 20 runs on a shared 2-vCPU
machine, so read the times as proportions, not as absolutes):

| step | before | ms | after | ms |
|---|---|---|---|---|
| session (cookie → account) | 1 | 6.1 | 1 | 2.1 |
| key looked up before the transaction; again inside it behind an advisory lock | 2 + lock | 5.7 | 1 | 2.4 |
| products read with the body; locked again for the card's price; locked in the order's transaction | 3 + 2 FOR UPDATE | 21.0 | 2 + 1 FOR UPDATE | 4.8 |
| pricing context (member, promotions, customer's uses, shipping methods, tax rate) | 2 × 5 | 26.2 | 2 × 1 | 7.1 |
| owner's email for the confirmation | 1 | 1.5 | 0 (the session's) | 0 |
| test provider: authorization kept | SELECT, INSERT (in a transaction of its own) | 4.0 | INSERT | 2.2 |
| stock taken (one UPDATE, the products' stock follows by trigger) | 1 | 14.6 | 1 | 5.5 |
| order stored; card payment written; key kept | INSERT, UPDATE, INSERT | 18.4 | one WITH … INSERT | 3.4 |
| expired keys deleted | 1 | 1.8 | 0 (once a minute, after a commit) | 0 |
| payment record, cart emptied, confirmation in the outbox | 3 | 14.8 | 3 | 7.2 |
| BEGIN / COMMIT | 3 + 3 | 7.0 | 1 + 1 | 1.7 |
| whole request (median) | | 172 | | 45 |

What changed: the card's authorization is priced from the products the body was read against,
with no transaction and no lock (the order's transaction prices again and refuses another total,
as before); the pricing context is one statement (\`server/modules/pricing/pg/promotionUse.ts\`);
the order is stored already \`authorized\` with its card payment and its Idempotency-Key in one
statement (\`insertKeyedOrder\`, \`server/modules/orders/pg/orders.ts\`); a retry racing its first
attempt no longer waits on an advisory lock: its key's insert waits for the first attempt's
transaction, finds the key taken, rolls back and answers the first order (tested in
\`tests/api/orders/orders.test.ts\`); a key answers for exactly 24 hours (the lookup ignores older
ones) and expired keys are deleted at most once a minute, after an order commits; the confirmation
goes to the session's email; the test provider keeps an authorization with one
\`INSERT … ON CONFLICT DO NOTHING\` (reading the first answer only when the key was taken). Adding
to the cart reads the cart only when the variant cannot be bought (to answer "already in your
cart" first, as before): the insert's \`ON CONFLICT DO NOTHING\` tells a second line of the variant.
The provider is never called inside the order's transaction; the confirmation mail is still
rendered inside it (it names the order's number, known once the order is stored), ~0.4 ms.

Measured with the scale bench, its \`order\` (add to cart, not timed, then a card order with an
Idempotency-Key) and \`cartAdd\` (POST /cart, then the line removed, not timed) cases only, at 10,000
products, the start code (\`--server-commit 385f6a3\`) and this one run one after the other:
\`npx tsx scripts/bench.ts --scale-only --sizes 10000 --cases order,cartAdd [--server-commit 385f6a3]
--scale-json /tmp/a.json --markdown /tmp/a.md\`, twice. The machine was shared (load average 3–15 on 2
vCPUs, other work starting and stopping during a run), and at 50 connections a 5-second run of the
same code differs by 2.5× (PostgreSQL orders before: 25.2/s and 9.8/s), so the two pairs disagree;
before → after (ratio):

| case | engine | pair | answers/s at 50 conn | p99 at 50 conn | CPU ms per request (server + db) | p50 one at a time |
|---|---|---|---|---|---|---|
| POST /orders (card) | embedded | 1 | 4.6 → 11.0 (2.4×) | 1.66 → 1.32 s | 70 → 36.6 (0.52) | 124 → 63 ms |
| POST /orders (card) | embedded | 2 | 15.3 → 12.4 (0.81×) | 0.95 → 2.03 s | 57.7 → 46.3 (0.80) | 63 → 150 ms (a load spike: 32 answers) |
| POST /orders (card) | postgres | 1 | 9.8 → 20.4 (2.1×) | 3.21 → 1.53 s | 65.6 → 38.4 (0.59) | 121 → 61 ms |
| POST /orders (card) | postgres | 2 | 25.0 → 19.5 (0.78×) | 1.45 → 1.76 s | 47.9 → 38.0 (0.79) | 49 → 62 ms |
| POST /cart | embedded | 1 | 33 → 15.2 | 4.2 → 4.6 s | 12.1 → 22.6 | 13.5 → 16.6 ms |
| POST /cart | embedded | 2 | 48.2 → 46.9 | 4.4 → 1.7 s | 16.7 → 12.5 | 7.8 → 26.9 ms |
| POST /cart | postgres | 1 | 68.2 → 58.3 | 1.16 → 0.78 s | 10.7 → 11.3 | 12.3 → 22.2 ms |
| POST /cart | postgres | 2 | 78.1 → 46.4 | 1.10 → 1.46 s | 12.9 → 12.9 | 11.5 → 18.4 ms |

CPU per order, the steadier measure, fell to 0.52–0.80 of what it was on the embedded engine and
0.59–0.79 on PostgreSQL; one at a time in one process (the first table) the card order took 45 ms
instead of 172 (measured at different moments of a shared machine). On PostgreSQL most of what is
left is the database's (23–24 of 38 ms per order).

Not reached, or not shown on this machine: 4× the orders' throughput and a third of their CPU
(at best 2.4× and half the CPU, in one pair; the other pair shows no gain in answers per second),
a p99 under 1 s at 50 connections, 3× for adding to the cart (one statement of four saved; the
session lookup, the product read and the insert are left; no gain measurable here). What is left on the order's path: the
stock decrement's trigger rewrites \`products\` (its \`search_text\` holds the stock, so every
decrement updates the trigram indexes: "What an order's stock decrement costs" below), which
needs a migration; the payment record, the cart and the outbox are three more statements of three
modules that one statement could write.

Making the decrement a HOT update (no index entry written) needs \`stock\` out of every index of
products: out of \`search_text\` (a numeric \`q\` would then match \`stock\` by its own condition, as
\`sale_price\` and \`low_stock_threshold\` are matched in \`server/modules/catalogue/pg/search.ts\`;
tests/pg/schema.test.ts checks \`productMatches\` alone against json-server's answers, stock
included, so it would check \`productAnswerMatches\`) and \`products_stock_id_live_idx\` dropped (the
back office's low-stock list reads \`variants\`, not \`products.stock\`; an "in stock only" page may
still plan with it). Not done yet: a migration rebuilding \`search_text\`.

### Where an order's CPU goes on the embedded engine, and prepared statements

Profiled on 2026-11-29 (\`node --cpu-prof\`, 150 card orders of one line one after the other, in
one process on a copy of the bench's 10,000-product data folder; share of the process's CPU,
setup left out):

| where | before | after |
|---|---|---|
| PostgreSQL itself (PGlite's WebAssembly) | 36.5 % | 42.8 % |
| PGlite's JavaScript (its wire protocol, its emulated file system) | 17.3 % | 13.0 % |
| file system calls (\`open\`, \`close\`, \`fstat\` from PGlite's file system) | 15.7 % | 10.0 % |
| HTTP (Express, Node's http, the test's client) | 5.3 % | 6.3 % |
| garbage collection | 4.4 % | 5.6 % |
| the app (\`server/\`) | 4.1 % | 3.9 % |
| Kysely | 2.8 % | 3.5 % |
| other (Node internals) | 13.9 % | 14.9 % |

What the profile and counts of the file system calls (Node's \`fs\` wrapped, per statement) showed:

- **Six calls into PostgreSQL per statement.** PGlite's \`query()\` sends parse, describe, bind,
  describe, execute and sync one at a time, parses and analyses the statement on every run, and
  for every answer copies its parsers of every type the database has (\`parseResults\`: 7 % of the
  CPU by itself).
- **Files opened and closed on every statement.** PostgreSQL in PGlite keeps only a few dozen
  files open (its limit does not follow \`max_files_per_process\`: raising it changed nothing); an
  order touches about 85 (products alone is its table and 21 indexes, and planning a statement on
  it looks at every index's size with an \`lseek\`, which PGlite's file system answers with an
  \`fstat\`). So the least recently used are closed and opened again all the time: about 100
  \`open\` and \`close\` and 190 \`fstat\` per order, whatever the statements.
- **The stock decrement's trigger** writes every index of products (the update is not HOT,
  above): 3.6 ms per decrement alone, 3.1 ms in a trial where \`stock\` was in no index.

Changed: the embedded driver runs a statement it has seen before as a named prepared statement
(\`server/db/prepared.ts\`): parse and describe once, then bind, execute and sync in one call, its
answer parsed with its own columns' parsers; BEGIN and COMMIT too. Every run was still planned for
its parameters (\`plan_cache_mode = force_custom_plan\`, until "Plans kept" below): PostgreSQL's generic plans would skip the
planning, and its \`fstat\`s, but refuse an \`ON CONFLICT\` on a partial unique index whose
predicate is a parameter (the payments' insert) and could pick other plans for the catalogue's
reads, whose scale targets were measured with custom plans. Measured one statement at a time
(500 runs on the 10,000-product folder, both planned for their parameters): a product read by ids
2.72 → 0.55 ms of CPU, a session lookup 0.46 → 0.31, an \`UPDATE variants\` by id 1.51 → 0.87. A whole order one at a time
(the same 150 orders, three runs each, interleaved, on a machine other work kept busy): 32.8–43.3
→ 28.3–30.9 ms of CPU, the test's client included.

At 50 connections (\`npm run bench\`, API part, the same quiet machine: commit c7e37e5's server
with \`--label before --server-root\`, then this one, 2026-11-29 07:01 and 07:05; the "Before and
after" table above): POST /orders 46 → 47 orders/s at 100 products and 45 → 54 at 10,000, CPU per
order 23.5 → 23.1 and 23.5 → 20.3 ms; POST /cart + DELETE 192 → 302 and 180 → 359 pairs/s
(1.6× and 2.0×), CPU per pair 5.6 → 3.7 and 6.0 → 3.1 ms. With PostgreSQL's generic plans instead
(\`plan_cache_mode\` left at auto, the payments' insert left unprepared), one order at a time took
36.4–42.9 ms of CPU against 33.6–47.4 (three interleaved runs each, while tests ran): no gain shown
from skipping the planning one order at a time on a busy machine (at 50 connections on a quiet one
it showed: "Plans kept" below).

Not reached with it: 4× the orders at 50 connections, a third of their CPU, 3× for adding to the
cart (2.0× at 10,000 products, 1.6× at 100). What is left of an order is PostgreSQL's own work
(about 17 statements) and the file churn above, which PGlite's file descriptor limit causes: the
next steps are fewer files touched per order (the HOT decrement; fewer statements reading
products, whose 21 indexes are each looked at when a statement on it is planned).

### Prepared statements on a PostgreSQL server: tried, not kept

The embedded engine's gain came from PGlite's own costs, above. On a PostgreSQL server the same
idea (each statement run as a named prepared statement on its pool connection, planned for its
parameters) was tried on 2026-11-29 with \`DATABASE_URL=… npx tsx scripts/bench/orderStatements.ts
--runs 61\` (PostgreSQL 15 on this machine, fsync off, 200 products), two rounds of each way,
alternating. Median of 60 requests per scenario, ms, unnamed (as the shop runs) → named:

| scenario | round 1 | round 2 |
|---|---|---|
| POST /cart | 4.6 → 4.6 | 4.2 → 3.8 |
| POST /orders, cash, 1 line | 12.3 → 11.4 | 11.3 → 11.2 |
| POST /orders, card, 1 line | 14.9 → 12.6 | 12.0 → 12.0 |
| POST /orders, cash, 3 lines | 12.1 → 14.5 | 11.4 → 12.7 |
| POST /orders, card, 3 lines | 13.2 → 15.0 | 13.4 → 13.0 |

Within the noise: a statement takes ~0.6 ms here, mostly the round trip and Node's side, not
PostgreSQL's parsing. With generic plans (\`plan_cache_mode\` left at auto) a card order failed
with a 500 (the payments' insert, as on the embedded engine). The pool keeps sending statements
unnamed.

### Orders at 50 connections: waiting in turn

Until 2026-11-29 the bench's orders had a p99 of 4–6 s at 50 connections while their p50 was
0.3–0.4 s. Measured in the server (Node's \`http.server.request.start\` and
\`http.server.response.finish\` diagnostics channels, a bench server on the 10,000-product
data), each order took 17–23 ms from being read to being answered, and on average fewer than one
order was in the server at a time: the connections were waiting to be read, not to be served.
PGlite runs a statement in the server's thread and its promise settles without a turn of the event
loop, so a request ran all its statements (and the requests queued behind it for the one
connection) within one turn, and Node read no other request meanwhile. Worse, while the loop was
busy like that, Node accepted about one new connection per turn: the listening socket's queue held
40 connections, then 35, 31, 29 a second apart (\`ss -ltn\`), and the same happens with a plain
Node server whose handler computes for 20 ms. The connections read first were served again and
again (up to 29 orders each in 8 s) while half of the others had none served; at the start of a
run, the warm-up's abandoned requests, still queued, made it worse.

Changed: every statement on the embedded engine waits for a turn of the event loop before it runs
(\`server/db/prepared.ts\`; tested in tests/pg/prepared.test.ts), so the server reads requests and
accepts connections as they come, and the requests take the one connection in the order they ask
for it. The bench now waits after each warm-up until the server is idle again, so a run measures
only its own requests, before and after alike. Measured by \`npm run bench\`, API part, c7e37e5's
server (\`--label before --server-root\`) then this one, 2026-11-29 10:06 and 10:10:

| call | products | before (c7e37e5) | after |
|---|---|---|---|
| POST /orders: orders/s, p50 / p99 | 100 | 42, 424 / 4,139 ms | 52, 831 / 1,280 ms |
| POST /orders: orders/s, p50 / p99 | 10,000 | 29, 443 / 5,361 ms | 59, 824 / 891 ms |
| POST /orders: CPU per order | 100 / 10,000 | 25.7 / 36.0 ms | 21.0 / 18.3 ms |
| POST /cart + DELETE: requests/s, p99 | 100 | 153, 526 ms | 374, 236 ms |
| POST /cart + DELETE: requests/s, p99 | 10,000 | 102, 906 ms | 416, 212 ms |
| POST /cart + DELETE: CPU per request | 100 / 10,000 | 7.1 / 10.2 ms | 3.0 / 2.7 ms |

The p50 of an order rose to what 50 shoppers in one queue wait (50 ÷ 52–59 orders/s ≈ 0.85–1 s)
and the p99 fell to 1.3 s and 0.9 s. The "before" at 10,000 products ran slower than the same
code did at 07:01 (45 orders/s, 23.5 ms of CPU per order), so take its ratio with care: against
the 07:01 figures, orders are 1.3× and their CPU 0.78×. One at a time, 300 orders in a row, the
turns cost nothing measurable (p50 23.5–26.8 ms with them, 27.8–29.2 without, on this machine).

Not reached: 4× the orders' throughput and a third of their CPU. One process runs every
statement of every order in one thread, so the orders per second are 1 ÷ the CPU of an order
(18–21 ms, about 17 statements); 4× needs about 5 ms per order, under what PGlite spends on those
statements alone (0.3–0.9 ms each, above). A p99 under 1 s at 50 connections needs more than 50
orders a second however fair the queue is: met at 10,000 products (0.9 s), not at 100 (1.3 s).

Measured again on 2026-11-29 at 19:26 (this code) and 19:32 (c7e37e5's server, \`--label before
--server-root\`, without the admin jobs: c7e37e5's server dropped the connection of this bench's
import) on another machine of the same kind, quiet: the "Before and after" table. Orders 70 → 78 a
second at 100 products and 69 → 76 at 10,000 (1.1×), CPU per order 15.6 → 14.1 and 15.5 → 14.7 ms
(0.90 and 0.95), p99 2.59 → 0.70 s and 0.80 → 0.75 s (under 1 s at both sizes); adding to the
cart 268 → 658 and 264 → 715 requests a second (a POST and its DELETE are two; 2.5× and 2.7×), CPU
per request 4.0 → 1.7 and 4.0 → 1.5 ms. There c7e37e5 itself places 69–70 orders a second, where the busier machine gave it 29–42,
so the ratios depend on the machine: compare runs of one session. Still not reached: 4× the
orders, a third of their CPU, 3× adding to the cart.

### Plans kept

Counting the file system calls per request again (Node's \`fs\` wrapped; a 100-product data
folder, one signed-in shopper, 40 requests of each kind one after the other, per request) showed
adding to the cart still opening 33 files and asking 82 sizes, for three statements. The
statements were not the cause: every foreign key's check (a cart line names a user, a product and
a variant) and every statement of a trigger (the stock's, which updates products) is a plan
PostgreSQL prepares and keeps, and \`force_custom_plan\`, set for the shop's own statements,
made PostgreSQL plan all of them again on every run: a check of the cart's product planned a
lookup of products, which looks at the size of each of its 21 indexes.

Changed: the embedded engine leaves \`plan_cache_mode\` at PostgreSQL's default, as a PostgreSQL
server has it: a prepared statement, a foreign key's check or a trigger's statement is planned
for its values five times, then takes a generic plan made once when PostgreSQL estimates it no
costlier. What that needed:

- The payments' insert names its partial unique index (one pending payment per order) by a
  literal predicate, \`WHERE state = 'pending'\`, not a parameter: a generic plan cannot match a
  parameter to the index's predicate and refused the statement (the 500 of the trials above).
  Tested: ten card orders in a row, each with its payment record, on both drivers.
- A generic plan is made for the tables' sizes at the time and kept until a table's definition
  or statistics change. On a server autovacuum's ANALYZE renews them as tables grow; the embedded
  engine has no autovacuum, and a plan made when a table held two rows (a sequential scan) was
  still used once it held 5,000 (tested in tests/pg/prepared.test.ts). So once a minute the
  session's plans are let go (\`DISCARD PLANS\`, the foreign keys' and triggers' too) and made
  again at their next run, for the tables as they are then.
- A statement whose best plan depends on its values (a LIMIT, a search's pattern, a filter's
  value) keeps being planned for them: PostgreSQL keeps a generic plan only when it is estimated
  no costlier than the plans for the values. Checked with the scale bench's catalogue reads on
  the embedded engine (\`READ_CACHE=off\`, so every read runs its statements), at 10,000 and 100,000
  products, the code before this change (\`--server-root\`) then this one, 2026-11-29 20:53 and
  20:57: no read slower beyond the noise; at 100,000 products, one at a time, p50 ms before → after:
  filtered sorted page 3.14 → 3.11, deep page 2.28 → 2.22, the six filtered deep pages 2.64–3.26 →
  2.54–3.18, \`q\` search 5.12 → 3.65 and 2.98 → 2.67, typo search 21.8 → 21.9, by id 1.63 → 1.11
  (the typo search at 50 connections, 49.9 → 39.9 a second in that pair, measured twice more each
  way: 39.8, 40.0 before and 49.9, 39.9 after).

Counted again the same way, per request, before → after:

| request | files opened (and closed) | sizes asked (\`fstat\`) |
|---|---|---|
| POST /cart | 33 → 0 | 82 → 4 |
| DELETE /cart/:id | 8 → 0 | 45 → 4 |
| GET /cart | 2 → 0 | 20 → 4 |
| POST /orders, card, 1 line | 59 → 1 | 196 → 100 |

An order still planned three statements on each run: its products read with the body, locked, and
their variants, each \`WHERE id = ANY($1)\`. PostgreSQL estimates the plan for the ids it is given
(one product) cheaper than a generic plan for an array of unknown length, so it kept planning
them (75 of the 100 sizes asked; until "One product, one plan" below).

Measured by \`npm run bench\`, API part: c7e37e5's server (\`--label before --server-root\`,
without the admin jobs) at 21:13, then this code at 21:16, on 2026-11-29, a quiet machine of the
same kind as the runs above (the "Before and after" table):

| call | products | before (c7e37e5) | after |
|---|---|---|---|
| POST /orders: orders/s, p99 | 100 | 69, 3.56 s | 119, 0.50 s |
| POST /orders: orders/s, p99 | 10,000 | 73, 4.31 s | 118, 0.51 s |
| POST /orders: CPU per order | 100 / 10,000 | 15.6 / 14.7 ms | 9.5 / 9.4 ms |
| POST /cart + DELETE: requests/s, p99 | 100 | 267, 357 ms | 1,023, 72 ms |
| POST /cart + DELETE: requests/s, p99 | 10,000 | 270, 342 ms | 915, 88 ms |
| POST /cart + DELETE: CPU per request | 100 / 10,000 | 4.0 / 4.0 ms | 1.08 / 1.20 ms |

Adding to the cart takes 3.8× and 3.4× c7e37e5's requests a second, at 0.27 and 0.30 of its CPU:
3× reached. Orders: 1.7× and 1.6×, CPU 0.61 and 0.64 of c7e37e5's, p99 0.5 s: the p99 reached,
4× and a third of the CPU not. This change alone, measured the same evening with a throw-away copy
of the bench's 100-product load (8 s at 50 connections, the code before it and this one in turn):
82–83 → 111–123 orders a second, CPU 13.5–13.9 → 9.5–10.3 ms per order; 628–655 → 1,004–1,013 cart
requests a second, CPU 1.7–1.8 → 1.1 ms. The scale bench's write cases on the embedded engine
(\`--cases order,ordersOwn,cartAdd\`, \`READ_CACHE=off\`, the code before this change with
\`--server-root\` at 21:23, this one at 21:24), 10,000 / 100,000 products, before → after: a card
order (its cart line added first) 64.8 / 56.0 → 89.7 / 85.2 a second at 50 connections, p50 one at
a time 13.3 / 14.2 → 9.6 / 10.3 ms; POST /cart 243 / 269 → 373 / 361 a second; a shopper's own
orders 189 / 205 → 216 / 199 a second (unchanged within the noise).

On a PostgreSQL server nothing of this changes: its sessions always had PostgreSQL's default, the
pool sends statements unnamed (each planned for its values), and autovacuum renews the plans of
growing tables. The scale bench's \`order\` and \`cartAdd\` cases on PostgreSQL at 10,000 products,
c7e37e5's server (\`--server-commit c7e37e5\`) and this code in turn, twice each (2026-11-29
21:39–21:41): a card order 123 and 139 → 128 and 124 a second at 50 connections, CPU (server +
database) 13.0 and 11.5 → 12.5 and 12.9 ms; POST /cart 336 and 369 → 367 and 394 a second. There
an order costs about 6 ms of Node and 6.5 ms of PostgreSQL for its 16 statements (~0.4 ms each,
mostly a round trip's work on both sides); 4× would need a quarter of that.

What is left of an order, on the embedded engine: PostgreSQL running its 16 statements in
PGlite's WebAssembly (42 % of the server's CPU under that load, \`node --cpu-prof\`), PGlite's
JavaScript around them (16 %), Kysely compiling each statement (5.5 %), the app and HTTP little.
Letting the three \`id = ANY($1)\` reads take generic plans too (tried by forcing generic plans on
every statement, which the catalogue's reads must not take) gave 111–116 → 125–127 orders a second
in that copy: about 10 %, not a step towards 4× ("One product, one plan" below does it for them alone).

### One product, one plan

The three reads of an order that PostgreSQL kept planning (its products read with the body,
locked, and their variants) now name a single product \`id = $1\` and several \`id = ANY($1)\`
(\`idIn\`, \`server/db/rows.ts\`): PostgreSQL plans \`id = $1\` once for every value, so an order
of one product, the usual one, plans none of its statements on products after their first five
runs. Tested in tests/api/payments/payments.test.ts: after ten card orders of one product on the
embedded engine, no statement on products was planned more than five times (it fails with
\`= ANY\`: nine each). An order of several products keeps \`= ANY\` and its planning.

Found beside it in the same profile: the offline test provider, the shop's default, kept in memory
every call, reference and declined attempt since the process started (for tests) and looked each
new reference up in that list, so a server taking cards for months grew without bound and every
authorization scanned all of them. It keeps the last 1,000 of each now (\`REMEMBERED\`); what it did
stays in the database as before (tested: past 1,000 authorizations the first one is still
answered by its key).

Measured with a throw-away copy of the bench's 100-product load (8 s at 50 connections, the code
before it and this one in turn, three pairs, 2026-11-29 22:35): 109, 117, 112 → 119, 122, 131
orders a second, CPU per order 10.5, 9.8, 10.2 → 9.6, 9.4, 8.8 ms. \`npm run bench\`, API part,
c7e37e5's server (\`--label before --server-root\`, without the admin jobs) at 22:48, then this code
at 22:51 (the "Before and after" table):

| call | products | before (c7e37e5) | after |
|---|---|---|---|
| POST /orders: orders/s, p99 | 100 | 69, 3.14 s | 126, 0.48 s |
| POST /orders: orders/s, p99 | 10,000 | 67, 4.21 s | 113, 0.49 s |
| POST /orders: CPU per order | 100 / 10,000 | 15.6 / 15.9 ms | 8.9 / 9.7 ms |
| POST /cart + DELETE: requests/s | 100 / 10,000 | 252 / 242 | 1,057 / 988 |
| POST /cart + DELETE: CPU per request | 100 / 10,000 | 4.3 / 4.4 ms | 1.06 / 1.13 ms |

Orders 1.8× and 1.7× c7e37e5's, CPU 0.57 and 0.61 of its; adding to the cart 4.2× and 4.1×. Still
not reached: 4× the orders and a third of their CPU. On a PostgreSQL server nothing of this
changes (the pool's statements are unnamed, each planned for its values).

### Under the product's lock

On a PostgreSQL server the bench's orders, all of one product, queue for that product's row lock,
which an order's transaction takes when it locks its products and keeps until it commits. With a
throw-away copy of the bench's 100-product load on a local PostgreSQL 15 (8 s at 50 connections,
2026-11-29 23:10), the same code placed 114–125 orders a second of one product and 150–152 spread
over ten, at the same CPU per order in Node (4.8–5.4 ms). So each statement between the lock and
the commit costs every buyer of a popular product a round trip.

Changed: the pricing context (one statement, which locks nothing) is read before the products
are locked, and a card's order is priced with the context its authorization was priced with a
moment before, instead of reading it again. A card order now runs 16 statements (BEGIN and COMMIT
included), 8 of them after the products' lock is taken (9 before); a cash order 13, 7 of them after
it (8 before). The transaction still prices again from the products as it locked them and refuses
a total other than the one authorized; that path had no test and has one now
(tests/api/payments/payments.test.ts: a price changed while the provider answers gives 409,
nothing ordered, the authorization voided, the cart and the stock as they were; ordered again, the
order is priced and authorized at the new price).

The same copy, the code before and after in turn: on PostgreSQL (three pairs) 115, 129, 125 → 130,
130, 140 orders a second, Node's CPU per order 5.4, 4.8, 4.9 → 4.9, 4.9, 4.6 ms; embedded (two
pairs) 118, 120 → 142, 130 orders a second, CPU 9.7, 9.5 → 8.1, 8.9 ms. \`npm run bench\`, API
part, this code at 23:21 against c7e37e5's run of 22:48 above (the "Before and after" table):

| call | products | before (c7e37e5) | after |
|---|---|---|---|
| POST /orders: orders/s, p99 | 100 | 69, 3.14 s | 150, 0.41 s |
| POST /orders: orders/s, p99 | 10,000 | 67, 4.21 s | 154, 0.43 s |
| POST /orders: CPU per order | 100 / 10,000 | 15.6 / 15.9 ms | 7.6 / 7.3 ms |
| POST /cart + DELETE: requests/s | 100 / 10,000 | 252 / 242 | 1,098 / 1,115 |
| POST /cart + DELETE: CPU per request | 100 / 10,000 | 4.3 / 4.4 ms | 1.02 / 0.99 ms |

Orders 2.2× and 2.3× c7e37e5's, at 0.49 and 0.46 of its CPU per order; adding to the cart 4.4× and
4.6×. Still not reached: 4× the orders, a third of their CPU.

On PostgreSQL the scale bench's \`order\` and \`cartAdd\` cases at 10,000 products (each order buys a
product drawn at random, so it seldom waits for another order's lock), this code and c7e37e5's
(\`--server-commit\`) in turn, twice (2026-11-29 23:39–23:42): card orders 141 and 152 a second
against c7e37e5's 147 and 141, CPU per order (Node + database) 11.7 and 10.8 ms against 10.9 and
11.4; POST /cart 400 and 417 against 444 and 401. Equal within the noise: on a server an order is
still about 5 ms of Node and 6 ms of PostgreSQL for its 16 statements.

Connecting to a PostgreSQL server on the same machine through its Unix socket
(\`DATABASE_URL=postgres://shop@/shop?host=/var/run/postgresql\`, the folder holding the socket)
instead of TCP saves the server some CPU: in the profile over TCP, Node's \`writev\` to the socket
(the kernel's loopback TCP work included) was its largest single item, 12 % of the process's
samples; the same copy gave 112 and 117 orders a second over TCP, 117 and 121 over the socket.

### What 4× the orders would take

At c7e37e5's 69 orders a second on the embedded engine, 4× is 276 a second: at most 3.6 ms of the
server's one thread per order, against 7.3 ms now, about two thirds of it PGlite running the 16
statements. On PostgreSQL c7e37e5 placed 141–147 a second; 4× is about 580 a second on these 2
vCPUs, shared with the load generator: at most 3.4 ms of Node and PostgreSQL together per order,
against about 11 ms now (some 0.35 ms per statement on each side, mostly the round trip's work).

The largest single statement is the stock decrement. Measured alone on the embedded engine
(2026-11-30, the seed's catalogue, 400 decrements of one variant, each in its own transaction, CPU
per decrement): 1.8 ms as the schema is; 1.2 ms without the trigram index of \`products.search_text\`;
0.6 ms without \`search_text\` itself (a stored generated column, computed again from the product's
reviews and images on every update of the row). The \`search_words\` trigger and the stock's own
index made no measurable difference. A trial that left the stock out of \`search_text\` and dropped
\`products_stock_id_live_idx\`, so that a decrement may be a HOT update, showed no gain for a whole
order (\`scripts/bench/orderStatements.ts\`, 200 orders per scenario, the two schemas in turn twice:
12.5–13.7 ms of CPU per one-line order either way, the test's client included, on a machine other
work kept busy), and a numeric \`q\` would then have to match the stock without an index: not kept.

What would reach 4× on both drivers is an order of about four statements: the reads before the
transaction as one (the key's earlier order, the products, the pricing context, the cart's
membership line), and one statement that takes the stock, stores the order, its payment record,
its mail and webhook delivery and empties the cart, checking that the products are still as they
were priced (the present path when they are not). That statement writes the tables of six modules,
which the rule that each module's SQL is its own, reached through its service, rules out unless the
modules hand their writes to one composed statement: an architecture change, not a tuning step.
`;
