import { describe, expect, it } from 'vitest';
import { lowerScriptPriority } from './scriptPriority';

describe('lowerScriptPriority', () => {
  it('marks the entry script and every modulepreload low, and nothing else', () => {
    const html = [
      '<script type="module" crossorigin src="/assets/index-a.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-b.js">',
      '<link rel="modulepreload" crossorigin href="/assets/hooks-c.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-d.css">',
      '<link rel="icon" href="/favicon.svg">',
    ].join('\n');
    expect(lowerScriptPriority(html).split('\n')).toEqual([
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js"></script>',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-b.js">',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/hooks-c.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-d.css">',
      '<link rel="icon" href="/favicon.svg">',
    ]);
  });

  it('leaves a priority already chosen alone', () => {
    const html = '<script type="module" fetchpriority="high" src="/a.js"></script>';
    expect(lowerScriptPriority(html)).toBe(html);
  });
});
