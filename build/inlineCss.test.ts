import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inlineCss';

describe('inlineStylesheets', () => {
  const css = (files: Record<string, string>) => (fileName: string) => files[fileName];

  it('replaces a built stylesheet link with its CSS and leaves every other tag alone', () => {
    const html = [
      '<script type="module" crossorigin src="/assets/index-a.js"></script>',
      '<link rel="stylesheet" crossorigin href="/assets/index-d.css">',
      '<link rel="icon" href="/favicon.svg">',
    ].join('\n');
    expect(inlineStylesheets(html, css({ 'assets/index-d.css': 'a{color:red}' })).split('\n')).toEqual([
      '<script type="module" crossorigin src="/assets/index-a.js"></script>',
      '<style>a{color:red}</style>',
      '<link rel="icon" href="/favicon.svg">',
    ]);
  });

  it('keeps the link when the CSS is not in the build, or could close the element early', () => {
    const html = '<link rel="stylesheet" crossorigin href="/assets/x.css">';
    expect(inlineStylesheets(html, css({}))).toBe(html);
    expect(inlineStylesheets(html, css({ 'assets/x.css': 'a::after{content:"</STYLE>"}' }))).toBe(html);
  });

  it('inserts CSS with `$` sequences as they are', () => {
    const html = '<link rel="stylesheet" href="/assets/x.css">';
    expect(inlineStylesheets(html, css({ 'assets/x.css': 'a::after{content:"$&$1"}' }))).toBe('<style>a::after{content:"$&$1"}</style>');
  });
});
