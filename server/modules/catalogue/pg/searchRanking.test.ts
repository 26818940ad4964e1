import { describe, expect, it } from 'vitest';
import { editDistance, maxEdits } from './searchRanking';

describe('typo distance', () => {
  it('counts a swap of two neighbours as one edit, as an added, removed or changed letter', () => {
    expect(editDistance('sheos', 'shoes')).toBe(1);
    expect(editDistance('lapotp', 'laptop')).toBe(1);
    expect(editDistance('fragrence', 'fragrance')).toBe(1);
    expect(editDistance('fragrence', 'fragrances')).toBe(2);
    expect(editDistance('runing', 'running')).toBe(1);
    expect(editDistance('shoes', 'shirt')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('allows 1 edit up to 5 letters, 2 from 6, none under 3', () => {
    expect([maxEdits('ab'), maxEdits('abc'), maxEdits('sheos'), maxEdits('lapotp')]).toEqual([0, 1, 1, 2]);
  });
});
