// Lighthouse (mobile preset: the default config) on system Chromium, run `runs` times per page;
// every metric is the median of the runs. Throttling is simulated (Lighthouse's default: the page
// loads at full speed and the metrics are estimated for a slow phone and network) or applied
// (`devtools`: the same network and CPU settings imposed on the real load, so what is measured is
// what a browser on that connection does, including which requests it lets go first).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

export type Throttling = 'simulate' | 'devtools';

export interface PageScore {
  page: string;
  /** Absent in results from before applied throttling was measured: simulated. */
  throttling?: Throttling;
  url: string;
  runs: number;
  /** Medians of the runs. */
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Time to interactive: Lighthouse no longer scores it, but it shows what a change costs. */
  ttiMs?: number;
  cls: number;
  /** JS bytes transferred (compressed), from the network requests audit. */
  jsBytes: number;
  /** Each run's score, to show the spread. */
  scores: number[];
  lcpElement?: string;
}

export function chromePath(): string {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
  url?: string;
}

/** Audits `url` `runs` times in one Chromium; `cookie` is sent with every request (signed in). */
export async function audit(
  page: string,
  url: string,
  runs: number,
  { cookie, throttling = 'simulate' }: { cookie?: string; throttling?: Throttling } = {},
): Promise<PageScore> {
  const chrome = await chromeLauncher.launch({ chromePath: chromePath(), chromeFlags: CHROME_FLAGS });
  const results: { perf: number; fcp: number; lcp: number; tbt: number; tti: number; cls: number; js: number; lcpEl?: string }[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        throttlingMethod: throttling,
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
      const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] })?.items ?? []).filter(
        (r) => r.resourceType === 'Script',
      );
      const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
        | { items?: { items?: { node?: { snippet?: string } }[] }[] }
        | undefined;
      results.push({
        perf: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcp: value('first-contentful-paint'),
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
        tti: value('interactive'),
        cls: value('cumulative-layout-shift'),
        js: requests.reduce((n, r) => n + (r.transferSize ?? 0), 0),
        lcpEl: lcpDetails?.items?.[0]?.items?.[0]?.node?.snippet,
      });
    }
  } finally {
    await chrome.kill();
  }
  const m = (f: (r: (typeof results)[number]) => number) => median(results.map(f));
  return {
    page,
    throttling,
    url,
    runs,
    performance: m((r) => r.perf),
    fcpMs: Math.round(m((r) => r.fcp)),
    lcpMs: Math.round(m((r) => r.lcp)),
    tbtMs: Math.round(m((r) => r.tbt)),
    ttiMs: Math.round(m((r) => r.tti)),
    cls: Math.round(m((r) => r.cls) * 1000) / 1000,
    jsBytes: Math.round(m((r) => r.js)),
    scores: results.map((r) => r.perf),
    lcpElement: results[0]?.lcpEl,
  };
}
