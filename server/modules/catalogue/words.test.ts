import { describe, expect, it } from 'vitest';
import { foldTerms, foldWords, startsWords } from './words';

describe('words', () => {
  it('folds case, accents and punctuation', () => {
    expect(foldWords('ÉCLAIR Phone 15-Pro, Crème brûlée')).toBe(' eclair phone 15 pro creme brulee ');
    expect(foldWords('  ')).toBe('');
    expect(foldTerms('  Éclair  pho ')).toEqual(['eclair', 'pho']);
  });

  it('matches the start of a word, every term, in any order', () => {
    const title = foldWords('Crème Brûlée Torch');
    expect(startsWords(title, ['bru'])).toBe(true);
    expect(startsWords(title, ['tor', 'cre'])).toBe(true);
    expect(startsWords(title, ['rule'])).toBe(false); // inside a word
    expect(startsWords(title, ['cre', 'lamp'])).toBe(false);
  });
});
