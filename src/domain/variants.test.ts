import { describe, expect, it } from 'vitest';
import { combinations, optionChoices } from './variants';

describe('combinations', () => {
  it('takes one value from each list, the first list varying slowest', () => {
    expect(combinations([['40', '41'], ['Black', 'Navy', 'Tan']])).toEqual([
      ['40', 'Black'], ['40', 'Navy'], ['40', 'Tan'],
      ['41', 'Black'], ['41', 'Navy'], ['41', 'Tan'],
    ]);
  });

  it('is one empty combination without lists, and none when a list is empty', () => {
    expect(combinations([])).toEqual([[]]);
    expect(combinations([['S', 'M'], []])).toEqual([]);
  });
});

describe('optionChoices', () => {
  it("names each value by its option, in the options' order", () => {
    const options = [{ name: 'Size', values: ['S', 'M'] }, { name: 'Color', values: ['Teal'] }];
    expect(optionChoices(options)).toEqual([{ Size: 'S', Color: 'Teal' }, { Size: 'M', Color: 'Teal' }]);
    expect(optionChoices([])).toEqual([{}]);
  });
});
