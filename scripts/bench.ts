// `npm run bench`: builds the app (into a temp dir, dist/ is left alone), generates data files of
// 100 and 10,000 products, starts our server and plain json-server 0.17 on copies of them (child
// processes on free localhost ports), measures, and writes docs/performance.json and
// docs/performance.md. Never part of `npm test`.
//   npm run bench -- [--label NAME] [--duration S] [--products 100,10000]
//                    [--skip-build] [--dist DIR] [--no-lighthouse] [--no-api] [--runs N]
//                    [--json FILE] [--markdown FILE] [--server-root DIR] [--no-admin-jobs]
// "Admin job under load" (scripts/bench/adminJobs.ts) runs after the loads at the largest
// --products size: a full export, a 10,000-row import and a 1,000-order status change, each while
// a reader asks for a product; --no-admin-jobs leaves it out.
//   Scale section (docs/performance-scale.json, the "Scale" part of the markdown):
//                    [--no-scale] [--scale-only] [--sizes 10000,100000,1000000]
//                    [--engines embedded,postgres] [--embedded-sizes 10000,100000]
//                    [--scale-duration S] [--no-explain]
//                    [--scale-report] [--scale-json FILE] [--server-commit REV]
//                    [--cases order,cartAdd]
// The scale section (scripts/bench/scale.ts) runs after the rest and takes ~30 minutes at the
// default sizes (seeding a million products into PostgreSQL alone takes ~5); `npm run bench:scale`
// (= --scale-only) runs only it and replaces only its part of the markdown; `--sizes 10000,100000`
// is a quicker try; --scale-report re-renders that part from the JSON without measuring. --label
// applies too: a `before` scale run is kept and compared with the latest. --cases measures only
// the cases named (filtered, deep, the filtered deep pages deepCategoryRating, deepCategoryPriceAsc,
// deepCategoryPriceDesc, deepBrandRating, deepBrandPriceAsc, deepBrandPriceDesc, search, searchBroad,
// searchTypo, byId, ordersOwn, order, and cartAdd, which only runs when named), without the decrement's cost and the EXPLAINs: e.g.
// `--scale-only --sizes 10000 --cases order,cartAdd --scale-json /tmp/a.json --markdown /tmp/a.md`.
// --server-commit REV measures that commit's server (git archive into a temp dir, node_modules
// linked) rather than the working tree, which may hold someone's unfinished changes; --server-root
// DIR also applies to the scale section and to Lighthouse's server.
// --label keeps results side by side in the JSON file (the report compares `before` with the
// latest run when a `before` run is there). A run without the API or without Lighthouse keeps
// that part from the earlier run of the same label. --server-root runs the API servers from
// another checkout, e.g. `git archive <commit> | tar -x -C DIR` (+ a node_modules symlink), to
// measure a baseline with this run's tools.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_ADDRESS, cpuMs, load, login, postJson, sequential, signUpShoppers, type LoadResult, type WriteResult } from './bench/api';
import { adminJobs, type AdminJobResult } from './bench/adminJobs';
import { adminJobsOnly } from './bench/adminJobsRun';
import { audit, chromePath, type PageScore } from './bench/lighthouse';
import { ROOT, startJsonServer, startShop, type Child } from './bench/processes';
import { renderMarkdown, type BenchRun, type ResultsFile } from './bench/report';
import { ALL_CASES, DEFAULT_SCALE_OPTIONS, runScale, type CaseKey, type Engine } from './bench/scale';
import { waitForQuiet } from './bench/scaleLoad';
import { renderScale, spliceScale, toScaleFile, type ScaleFile } from './bench/scaleReport';
import { checkBudget } from './checkBudget';
import { MAX_WISHLIST_ITEMS } from '../src/domain/constants';
import { plainProduct } from './bench/scaleData';
import { DEMO_ACCOUNTS, generateSeed, serialize, type SeedDb } from './seed';

interface Options {
  label: string;
  durationS: number;
  products: number[];
  build: boolean;
  dist?: string;
  lighthouse: boolean;
  api: boolean;
  adminJobs: boolean;
  adminJobsOnly: boolean;
  runs: number;
  json: string;
  markdown: string;
  serverRoot?: string;
  scale: boolean;
  scaleOnly: boolean;
  scaleReport: boolean;
  scaleJson: string;
  sizes: number[];
  engines: Engine[];
  scaleDurationS: number;
  embeddedSizes: number[];
  explain: boolean;
  serverCommit?: string;
  cases?: CaseKey[];
}

function parseArgs(argv: string[]): Options {
  const o: Options = {
    label: 'latest',
    durationS: 6,
    products: [100, 10_000],
    build: true,
    lighthouse: true,
    api: true,
    adminJobs: true,
    adminJobsOnly: false,
    runs: 3,
    json: path.join(ROOT, 'docs/performance.json'),
    markdown: path.join(ROOT, 'docs/performance.md'),
    scale: true,
    scaleOnly: false,
    scaleReport: false,
    scaleJson: path.join(ROOT, 'docs/performance-scale.json'),
    sizes: DEFAULT_SCALE_OPTIONS.sizes,
    engines: DEFAULT_SCALE_OPTIONS.engines,
    scaleDurationS: DEFAULT_SCALE_OPTIONS.durationS,
    embeddedSizes: DEFAULT_SCALE_OPTIONS.embeddedSizes ?? [],
    explain: DEFAULT_SCALE_OPTIONS.explain,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--label') o.label = value();
    else if (a === '--duration') o.durationS = Number(value());
    else if (a === '--products') o.products = value().split(',').map(Number);
    else if (a === '--skip-build') o.build = false;
    else if (a === '--dist') o.dist = path.resolve(value());
    else if (a === '--no-lighthouse') o.lighthouse = false;
    else if (a === '--no-api') o.api = false;
    else if (a === '--no-admin-jobs') o.adminJobs = false;
    else if (a === '--admin-jobs-only') o.adminJobsOnly = true;
    else if (a === '--runs') o.runs = Number(value());
    else if (a === '--json') o.json = path.resolve(value());
    else if (a === '--markdown') o.markdown = path.resolve(value());
    else if (a === '--server-root') o.serverRoot = path.resolve(value());
    else if (a === '--no-scale') o.scale = false;
    else if (a === '--scale-only') o.scaleOnly = true;
    else if (a === '--scale-report') o.scaleReport = true;
    else if (a === '--scale-json') o.scaleJson = path.resolve(value());
    else if (a === '--sizes') o.sizes = value().split(',').map((v) => Number(v.replace(/_/g, '')));
    else if (a === '--engines') o.engines = value().split(',') as Engine[];
    else if (a === '--scale-duration') o.scaleDurationS = Number(value());
    else if (a === '--embedded-sizes') o.embeddedSizes = value().split(',').map((v) => Number(v.replace(/_/g, '')));
    else if (a === '--no-explain') o.explain = false;
    else if (a === '--server-commit') o.serverCommit = value();
    else if (a === '--cases') o.cases = value().split(',') as CaseKey[];
    else throw new Error(`unknown argument ${a}`);
  }
  if (o.sizes.some((n) => !Number.isInteger(n) || n < 100)) throw new Error('--sizes takes whole numbers of products (100 or more), e.g. 10000,100000');
  if (o.engines.some((e) => e !== 'embedded' && e !== 'postgres')) throw new Error('--engines takes embedded and/or postgres');
  if (o.cases?.some((c) => !ALL_CASES.includes(c))) throw new Error(`--cases takes some of ${ALL_CASES.join(', ')}`);
  return o;
}

const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

/**
 * The products the per-shopper calls use: the first 14 plain ones (no options, not deleted, see
 * plainProduct), the first 10 of them ordered, with a huge stock so 50 connections can order for
 * seconds on end; three in each shopper's cart; one added and removed.
 */
function benchProducts(data: SeedDb) {
  const ids = data.products.filter((p) => plainProduct(p) && p.stock >= 10).slice(0, 14).map((p) => p.id);
  if (ids.length < 14) throw new Error('the generated catalogue has fewer than 14 products without options');
  return { ordered: ids.slice(0, 10), cart: ids.slice(10, 13), pair: ids[13] };
}

function writeData(dir: string, products: number): { shop: string; plain: string; ids: ReturnType<typeof benchProducts> } {
  const data = generateSeed({ products });
  const ids = benchProducts(data);
  for (const p of data.products) if (ids.ordered.includes(p.id)) p.stock = 1_000_000_000;
  const text = serialize(data);
  const shop = path.join(dir, `shop-${products}`, 'db.json');
  const plain = path.join(dir, `plain-${products}`, 'db.json');
  for (const file of [shop, plain]) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return { shop, plain, ids };
}

/** The filtered, sorted, paged listing the home page asks for. */
const LIST_QUERY = '?category=smartphones&category=laptops&_sort=price&_order=asc&_page=2&_limit=15';

async function apiBench(dir: string, products: number, o: Options) {
  const files = writeData(dir, products);
  const { ordered, cart, pair } = files.ids;
  const loads: LoadResult[] = [];
  const writes: WriteResult[] = [];
  const jobs: AdminJobResult[] = [];
  const shop = await startShop(files.shop, undefined, o.serverRoot);
  const plain = await startJsonServer(files.plain);
  try {
    // One write at a time, on the fresh data file: how a single write's latency grows with the
    // catalogue (before the load below adds thousands of orders to the file).
    log(`${products} products: sequential writes`);
    const admin = await login(shop.origin, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
    const target = 15;
    writes.push(
      await sequential({ name: 'PATCH product title', server: 'shop', products }, 60, (i) =>
        postJson(`${shop.origin}/api/products/${target}`, { title: `Bench title ${i}` }, admin, 'PATCH'),
      ),
    );
    writes.push(
      await sequential({ name: 'PATCH product title', server: 'json-server', products }, 60, (i) =>
        postJson(`${plain.origin}/products/${target}`, { title: `Bench title ${i}` }, undefined, 'PATCH'),
      ),
    );
    for (const w of writes.slice(-2)) log(`${products} ${w.server.padEnd(11)} ${w.name} p50 ${w.latencyMs.p50} p95 ${w.latencyMs.p95} ms`);
    log(`${products} products: signing up shoppers`);
    const shoppers = await signUpShoppers(shop.origin, String(products), 64);
    for (const cookie of shoppers) {
      for (const product of cart) {
        const res = await postJson(`${shop.origin}/api/cart`, { product, quantity: 1 }, cookie);
        if (res.status !== 201) throw new Error(`cart setup: ${res.status} ${await res.text()}`);
      }
    }
    const byId = `/products/${Math.ceil(products / 2)}`;
    const run = async (
      name: string,
      server: Child,
      rest: Omit<Parameters<typeof load>[0], 'name' | 'server' | 'products' | 'origin' | 'durationS'>,
      reset?: () => Promise<unknown>,
    ) => {
      const c = { name, server: server.name as 'shop' | 'json-server', products, origin: server.origin, pid: server.proc.pid, ...rest };
      await load({ ...c, durationS: 1 }); // warm-up: JIT, caches, connections
      // The warm-up's requests still queued when it stopped are served first, so that the run
      // measures only its own (and its connections arrive at a server that is not busy).
      await waitForQuiet({ node: () => cpuMs(server.proc.pid!) });
      await reset?.();
      const result = await load({ ...c, durationS: o.durationS });
      log(`${products} ${server.name.padEnd(11)} ${name.padEnd(22)} ${String(result.rps).padStart(6)} req/s  p50 ${result.latencyMs.p50} p95 ${result.latencyMs.p95} p99 ${result.latencyMs.p99} ms  cpu ${result.serverCpuMs} ms/req${result.non2xx || result.errors ? `  statuses ${JSON.stringify(result.statuses)} errors ${result.errors}` : ''}`);
      loads.push(result);
    };
    const one = shoppers.slice(0, 1);
    // Reads, ours then plain json-server, on the same data.
    await run('product query', shop, { requests: [{ path: `/api/products${LIST_QUERY}` }], cookies: one });
    await run('product query', plain, { requests: [{ path: `/products${LIST_QUERY}` }], cookies: one });
    await run('product by id', shop, { requests: [{ path: `/api${byId}` }], cookies: one });
    await run('product by id', plain, { requests: [{ path: byId }], cookies: one });
    // Per-shopper calls (ours only: plain json-server has no sessions or carts of its own).
    await run('GET /cart', shop, { requests: [{ path: '/api/cart' }], cookies: shoppers });
    await run(
      'POST /cart + DELETE',
      shop,
      {
        requests: [
          { method: 'POST', path: '/api/cart', body: JSON.stringify({ product: pair, quantity: 1 }) },
          { method: 'DELETE', path: `/api/cart/${pair}` },
        ],
        cookies: shoppers,
        exclusive: true,
      },
      // The warm-up stops mid-pair: take out the lines it left behind.
      () => Promise.all(shoppers.map((cookie) => fetch(`${shop.origin}/api/cart/${pair}`, { method: 'DELETE', headers: { cookie } }))),
    );
    const orderBody = JSON.stringify({
      items: [{ product: ordered[0], quantity: 1 }],
      paymentMethod: 'card',
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
      selectedAddress: BENCH_ADDRESS,
    });
    await run('POST /orders', shop, {
      requests: [{ method: 'POST', path: '/api/orders', body: orderBody }],
      cookies: shoppers,
    });
    // A full wishlist (500 items, or one of every product of a smaller catalogue), read whole as
    // the hearts read it: the target is a p95 under 200 ms.
    const collector = shoppers.slice(-1);
    for (let product = 1; product <= Math.min(products, MAX_WISHLIST_ITEMS); product++) {
      const res = await postJson(`${shop.origin}/api/wishlist`, { product }, collector[0]);
      if (res.status !== 201 && res.status !== 400) throw new Error(`wishlist setup: ${res.status} ${await res.text()}`);
    }
    await run('GET /wishlist (full)', shop, { requests: [{ path: '/api/wishlist' }], cookies: collector });

    // The long back-office jobs, on the catalogue and the orders the load left (the largest size only).
    if (o.adminJobs && products === Math.max(...o.products)) jobs.push(...(await adminJobs(shop.origin, admin, products, log)));
  } finally {
    await shop.stop();
    await plain.stop();
  }
  return { loads, writes, jobs };
}

/** Both pages, with simulated and then with applied throttling; the shop's server from `root` (--server-root). */
async function lighthouseBench(dir: string, distDir: string, runs: number, root = ROOT): Promise<PageScore[]> {
  // The committed seed's size of catalogue, as a shopper sees the shop.
  const file = path.join(dir, 'lighthouse', 'db.json');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, serialize(generateSeed()));
  const shop = await startShop(file, distDir, root);
  try {
    const cookie = await login(shop.origin, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
    const pages: PageScore[] = [];
    // 127.0.0.1 and localhost are different origins for the cookie; use the name people type.
    const origin = shop.origin.replace('127.0.0.1', 'localhost');
    for (const throttling of ['simulate', 'devtools'] as const) {
      pages.push(await audit('/login', `${origin}/login`, runs, { throttling }));
      pages.push(await audit('/ (signed in)', `${origin}/`, runs, { cookie, throttling }));
    }
    for (const p of pages) {
      log(`lighthouse ${p.page} (${p.throttling}): perf ${p.performance} (${p.scores.join(', ')}) FCP ${p.fcpMs} LCP ${p.lcpMs} TBT ${p.tbtMs} CLS ${p.cls} JS ${p.jsBytes} B`);
    }
    return pages;
  } finally {
    await shop.stop();
  }
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium: (() => {
      try {
        return execFileSync(chromePath(), ['--version'], { encoding: 'utf8' }).trim();
      } catch {
        return 'not found';
      }
    })(),
  };
}

/** `rev`'s tree in a temp dir (git archive), with this checkout's node_modules linked in. */
function exportCommit(rev: string): { dir: string; commit: string } {
  const commit = execFileSync('git', ['rev-parse', '--short', `${rev}^{commit}`], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dir = mkdtempSync(path.join(os.tmpdir(), `shop-server-${commit}-`));
  const tar = execFileSync('git', ['archive', '--format=tar', commit], { cwd: ROOT, maxBuffer: 2 ** 31 - 1 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  log(`server code: ${commit} exported to ${dir}`);
  return { dir, commit };
}

function readScaleFile(o: Options): ScaleFile {
  return existsSync(o.scaleJson) ? toScaleFile(JSON.parse(readFileSync(o.scaleJson, 'utf8'))) : { runs: {} };
}

/**
 * Runs the scale section and stores it in its JSON under --label (a `before` run stays beside the
 * latest, as in performance.json); with --scale-report, only reads the file.
 */
async function scaleSection(o: Options): Promise<ScaleFile> {
  const file = readScaleFile(o);
  if (o.scaleReport) {
    if (!file.runs[o.label]) throw new Error(`${o.scaleJson} has no "${o.label}" scale run: run npm run bench:scale first`);
    return file;
  }
  const exported = o.serverCommit ? exportCommit(o.serverCommit) : undefined;
  try {
    file.runs[o.label] = await runScale({
      ...DEFAULT_SCALE_OPTIONS,
      sizes: o.sizes,
      engines: o.engines,
      durationS: o.scaleDurationS,
      embeddedSizes: o.embeddedSizes,
      explain: o.explain,
      cases: o.cases,
      serverRoot: exported?.dir ?? o.serverRoot,
      serverCode: exported && { commit: exported.commit, dirty: false, from: `git archive ${exported.commit}` },
      log,
    });
  } finally {
    if (exported) rmSync(exported.dir, { recursive: true, force: true });
  }
  mkdirSync(path.dirname(o.scaleJson), { recursive: true });
  writeFileSync(o.scaleJson, JSON.stringify(file, null, 2) + '\n');
  log(`scale: done in ${file.runs[o.label].seconds} s → ${path.relative(ROOT, o.scaleJson)} (${o.label})`);
  return file;
}

/** The scale section of the markdown for --label, with `before` beside it when there is one. */
function scaleMarkdown(file: ScaleFile, label: string): string | undefined {
  const run = file.runs[label];
  return run && renderScale(run, label !== 'before' ? file.runs.before : undefined);
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.adminJobsOnly) {
    const exported = o.serverCommit ? exportCommit(o.serverCommit) : undefined;
    try {
      await adminJobsOnly(o.label, { root: exported?.dir ?? o.serverRoot, name: exported ? `commit ${exported.commit}` : (o.serverRoot ?? 'working tree') }, o.markdown, log);
    } finally {
      if (exported) rmSync(exported.dir, { recursive: true, force: true });
    }
    return;
  }
  if (o.scaleOnly || o.scaleReport) {
    // Only the scale part of the markdown changes; the rest of the file stays as it is.
    const section = scaleMarkdown(await scaleSection(o), o.label)!;
    const current = existsSync(o.markdown) ? readFileSync(o.markdown, 'utf8') : '# Performance\n';
    writeFileSync(o.markdown, spliceScale(current, section) + (current.endsWith('\n') ? '' : '\n'));
    log(`scale section → ${path.relative(ROOT, o.markdown)}`);
    return;
  }
  const started = Date.now();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  try {
    let distDir = o.dist ?? path.join(dir, 'dist');
    if (o.build && !o.dist) {
      log('building the app');
      execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], {
        cwd: ROOT,
        stdio: 'inherit',
      });
    } else if (!o.dist) {
      distDir = path.join(ROOT, 'dist');
    }
    const results: ResultsFile = existsSync(o.json) ? JSON.parse(readFileSync(o.json, 'utf8')) : { runs: {} };
    const previous = results.runs[o.label];
    const now = new Date().toISOString();
    const run: BenchRun = {
      label: o.label,
      date: now,
      machine: machine(),
      settings: {
        connections: 50,
        durationS: o.durationS,
        lighthouseRuns: o.runs,
        listQuery: LIST_QUERY,
        ...(o.serverRoot ? { serverRoot: o.serverRoot } : {}),
      },
      parts: { api: now, client: now },
      budget: [],
      lighthouse: [],
      loads: [],
      writes: [],
      seconds: 0,
    };
    // The client side (JS budget and Lighthouse) is measured with Lighthouse, or when there is
    // nothing earlier to keep.
    if (o.lighthouse || !previous) {
      const budget = checkBudget(distDir);
      for (const s of budget.sets) {
        log(`JS budget ${s.name}: ${(s.br / 1000).toFixed(1)} kB brotli of ${s.wireBudget / 1000}, ${(s.gzip / 1000).toFixed(1)} kB gzip of ${s.budget / 1000}`);
      }
      run.budget = budget.sets.map((s) => ({ name: s.name, gzip: s.gzip, budget: s.budget, br: s.br, wireBudget: s.wireBudget, admin: s.admin }));
    } else {
      run.budget = previous.budget;
      run.lighthouse = previous.lighthouse;
      run.parts = { ...run.parts!, client: previous.parts?.client ?? previous.date };
    }
    if (o.api) {
      for (const products of o.products) {
        const { loads, writes, jobs } = await apiBench(dir, products, o);
        run.loads.push(...loads);
        run.writes.push(...writes);
        if (jobs.length > 0) run.adminJobs = [...(run.adminJobs ?? []), ...jobs];
      }
    } else if (previous) {
      run.loads = previous.loads;
      run.writes = previous.writes;
      run.adminJobs = previous.adminJobs;
      run.parts = { ...run.parts!, api: previous.parts?.api ?? previous.date };
    }
    if (o.lighthouse) run.lighthouse = await lighthouseBench(dir, distDir, o.runs, o.serverRoot);
    run.seconds = Math.round((Date.now() - started) / 1000);
    const scale = scaleMarkdown(o.scale ? await scaleSection(o) : readScaleFile(o), o.label);

    results.runs[o.label] = run;
    mkdirSync(path.dirname(o.json), { recursive: true });
    writeFileSync(o.json, JSON.stringify(results, null, 2) + '\n');
    const markdown = renderMarkdown(results, o.label);
    writeFileSync(o.markdown, scale ? spliceScale(markdown, scale) : markdown);
    log(`done in ${run.seconds} s → ${path.relative(ROOT, o.json)}, ${path.relative(ROOT, o.markdown)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
