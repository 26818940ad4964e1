// search.ts estimateCount: the planner's estimate of a search is asked for once per instance and
// ESTIMATE_KEPT.ms, not on every page (working it out costs more than the page on a big catalogue).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbedded, type EmbeddedDatabase } from '../../server/db/embedded';
import { migrateToLatest } from '../../server/db/migrate';
import { ESTIMATE_KEPT, estimateCount, productMatches } from '../../server/modules/catalogue/pg/search';

let embedded: EmbeddedDatabase;
const explained: string[] = [];

beforeAll(async () => {
  embedded = await openEmbedded({ onQuery: (text) => void (/^\s*EXPLAIN/i.test(text) && explained.push(text)), readCache: false });
  await migrateToLatest(embedded.db);
});

afterAll(async () => {
  await embedded?.db.destroy();
});

describe('the estimate of a search', () => {
  it('is asked of the planner once per search and period, then kept', async () => {
    const t = 1_000_000;
    const first = await estimateCount(embedded.db, productMatches('phone'), t);
    expect(explained).toHaveLength(1);
    expect(await estimateCount(embedded.db, productMatches('phone'), t + ESTIMATE_KEPT.ms - 1)).toBe(first);
    expect(explained).toHaveLength(1);
    // Another search is its own.
    await estimateCount(embedded.db, productMatches('laptop'), t);
    expect(explained).toHaveLength(2);
    // Once the period is over, asked again.
    await estimateCount(embedded.db, productMatches('phone'), t + ESTIMATE_KEPT.ms);
    expect(explained).toHaveLength(3);
  });
});
