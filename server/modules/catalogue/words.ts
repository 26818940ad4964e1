// Words for search suggestions: case- and accent-blind, matched at the start of a word. Written
// once for both engines: the json adapter folds titles as it looks, the postgres adapter stores
// each product's folded title (products.title_words) and matches it with LIKE.

/**
 * `text` lower-cased, without accents (é → e, Å → a: the marks NFD splits off), every run of
 * anything but letters and digits made one space, with a space before the first word and after
 * the last, so that ` <term>` finds a word that starts with the term: ' eclair phone 15 '.
 */
export function foldWords(text: string): string {
  const words = text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.length === 0 ? '' : ` ${words.join(' ')} `;
}

/** The terms of a query, folded: 'Éclair  pho' → ['eclair', 'pho']. */
export function foldTerms(query: string): string[] {
  return foldWords(query).split(' ').filter(Boolean);
}

/** Whether every term starts some word of the folded text (in any order). */
export function startsWords(folded: string, terms: readonly string[]): boolean {
  return terms.every((term) => folded.includes(` ${term}`));
}
