import { afterEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAINT_META, afterFirstPaint, preloadListedChunks, type PaintEnv } from './firstPaint';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.useRealTimers();
});

/** A browser that reports paints: `paint()` delivers the first contentful paint to observers. */
function browser({ prepainted = true, painted = false, supportsPaint = true } = {}) {
  document.body.innerHTML = prepainted ? '<div id="root"><div inert><h1>Shop</h1></div></div>' : '<div id="root"></div>';
  const observers = new Set<(names: string[]) => void>();
  let paints = painted ? ['first-contentful-paint'] : [];
  class FakeObserver {
    static supportedEntryTypes = supportsPaint ? ['paint', 'largest-contentful-paint'] : ['navigation'];
    constructor(private callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {}
    private listener = (names: string[]) => this.callback({ getEntriesByName: (n) => names.filter((x) => x === n) });
    observe() {
      observers.add(this.listener);
    }
    disconnect() {
      observers.delete(this.listener);
    }
  }
  const env: PaintEnv = {
    document,
    PerformanceObserver: FakeObserver as unknown as typeof PerformanceObserver,
    performance: { getEntriesByName: (name: string) => paints.filter((p) => p === name) as never },
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id),
  };
  const paint = (name = 'first-contentful-paint') => {
    paints = [...paints, name];
    for (const o of [...observers]) o([name]);
  };
  return { env, paint, observers };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

describe('afterFirstPaint', () => {
  it('waits for the pre-painted screen to be painted, then lets go of its observer', async () => {
    const { env, paint, observers } = browser();
    const waiting = afterFirstPaint(1000, env);
    expect(await settled(waiting)).toBe(false);
    paint('first-paint');
    expect(await settled(waiting)).toBe(false);
    paint();
    expect(await settled(waiting)).toBe(true);
    expect(observers.size).toBe(0);
  });

  it('does not wait when there is nothing pre-painted, it is painted already, or paints are not reported', async () => {
    expect(await settled(afterFirstPaint(1000, browser({ prepainted: false }).env))).toBe(true);
    expect(await settled(afterFirstPaint(1000, browser({ painted: true }).env))).toBe(true);
    expect(await settled(afterFirstPaint(1000, browser({ supportsPaint: false }).env))).toBe(true);
    expect(await settled(afterFirstPaint(1000, { ...browser().env, PerformanceObserver: undefined }))).toBe(true);
  });

  it('does not wait in a hidden tab, which may never paint', async () => {
    const { env } = browser();
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(await settled(afterFirstPaint(1000, env))).toBe(true);
    hidden.mockRestore();
  });

  it('stops waiting after the time limit', async () => {
    vi.useFakeTimers();
    const { env, observers } = browser();
    const waiting = afterFirstPaint(1000, env);
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
    expect(observers.size).toBe(0);
  });
});

describe('preloadListedChunks', () => {
  it('adds a modulepreload for each listed chunk of the build, and nothing else', () => {
    document.head.innerHTML = `<meta name="${AFTER_PAINT_META}" content="/assets/main-a.js /assets/Home-b.js https://evil.test/x.js  javascript:alert(1)">`;
    preloadListedChunks(document);
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((l) => [l.rel, l.getAttribute('href'), l.crossOrigin])).toEqual([
      ['modulepreload', '/assets/main-a.js', ''],
      ['modulepreload', '/assets/Home-b.js', ''],
    ]);
  });

  it('adds nothing without the list', () => {
    preloadListedChunks(document);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
