import { describe, expect, it } from 'vitest';
import { numberOrText } from './numberOrText';

describe('numberOrText', () => {
  it('reads a typed number as a number, spaces around it aside', () => {
    expect(numberOrText(' 12.5 ')).toBe(12.5);
    expect(numberOrText('0')).toBe(0);
  });

  it('keeps what is not a number as its trimmed text, for the server to name the field', () => {
    expect(numberOrText(' ten ')).toBe('ten');
    expect(numberOrText('   ')).toBe('');
    expect(numberOrText('Infinity')).toBe('Infinity');
  });
});
