// The character classes of a json-server `_like` pattern as JavaScript's `i` flag reads them
// (likeRegex.ts): JavaScript's case folding for every UTF-16 code unit, the sets of \d \w \s and
// the line terminators, and how a set or a character is written for PostgreSQL (every character
// other than an ASCII letter or digit as an escape).
/** A pattern this translation will not take: the reason is the 400's message. */
export class Refused extends Error {}

/** JavaScript's Canonicalize for `i` without `u`, for every UTF-16 code unit (built once). */
let canonical: Uint16Array | undefined;
export function canon(): Uint16Array {
  if (!canonical) {
    canonical = new Uint16Array(0x10000);
    for (let c = 0; c < 0x10000; c++) {
      const upper = String.fromCharCode(c).toUpperCase();
      const u = upper.length === 1 ? upper.charCodeAt(0) : c;
      canonical[c] = c >= 128 && u < 128 ? c : u;
    }
  }
  return canonical;
}

export const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/** One character of the PostgreSQL pattern: ASCII letters and digits as such, the rest escaped. */
export function char(cp: number): string {
  if ((cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a)) return String.fromCharCode(cp);
  return cp > 0xffff ? `\\U${hex(cp, 8)}` : `\\u${hex(cp, 4)}`;
}

/** A set of code units. */
export type Units = Uint8Array;
export const units = () => new Uint8Array(0x10000);
export function addRange(set: Units, from: number, to: number): Units {
  set.fill(1, from, to + 1);
  return set;
}

export const DIGITS = () => addRange(units(), 0x30, 0x39);
export const WORD = () => addRange(addRange(addRange(addRange(units(), 0x30, 0x39), 0x41, 0x5a), 0x61, 0x7a), 0x5f, 0x5f);
export const SPACES = [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff];
export function SPACE(): Units {
  const set = addRange(units(), 0x2000, 0x200a);
  for (const c of SPACES) set[c] = 1;
  return set;
}
export const LINE_TERMINATORS = [0x0a, 0x0d, 0x2028, 0x2029];
export const complement = (set: Units): Units => set.map((v) => 1 - v);

/** \d \D \w \W \s \S as sets, or undefined for another letter. */
export function classEscape(letter: string): Units | undefined {
  const base = { d: DIGITS, w: WORD, s: SPACE }[letter.toLowerCase()];
  if (!base) return undefined;
  return letter === letter.toLowerCase() ? base() : complement(base());
}

/** A bracket expression matching what a JavaScript class `set` (already case-closed) matches. */
export function bracket(set: Units): string {
  const isSurrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;
  const ranges: [number, number][] = [];
  for (let c = 0; c < 0x10000; c++) {
    if (!set[c] || isSurrogate(c)) continue;
    let end = c;
    while (end + 1 < 0x10000 && set[end + 1] && !isSurrogate(end + 1)) end++;
    ranges.push([c, end]);
    c = end;
  }
  // Half of a surrogate pair: here the whole character beyond U+FFFF (see the header).
  if (set.subarray(0xd800, 0xe000).includes(1)) ranges.push([0x10000, 0x10ffff]);
  // Nothing at all: a NUL, which no text holds.
  if (ranges.length === 0) return char(0);
  if (ranges.length === 1 && ranges[0][0] === ranges[0][1]) return char(ranges[0][0]);
  return `[${ranges.map(([from, to]) => (from === to ? char(from) : `${char(from)}-${char(to)}`)).join('')}]`;
}

/** What `i` makes of a set: every code unit that some member is taken as equal to. */
export function caseClosed(set: Units): Units {
  const c = canon();
  const canonicalMembers = units();
  for (let u = 0; u < 0x10000; u++) if (set[u]) canonicalMembers[c[u]] = 1;
  const closed = units();
  for (let u = 0; u < 0x10000; u++) if (canonicalMembers[c[u]]) closed[u] = 1;
  return closed;
}

export function literal(code: number): string {
  if (code >= 0xd800 && code <= 0xdfff) throw new Refused('Half of a surrogate pair is not supported');
  const set = units();
  set[code] = 1;
  return bracket(caseClosed(set));
}

export const WORD_CLASS = '[0-9A-Z\\u005fa-z]';
export const WORD_BOUNDARY = `(?:(?<=${WORD_CLASS})(?!${WORD_CLASS})|(?<!${WORD_CLASS})(?=${WORD_CLASS}))`;
export const NOT_WORD_BOUNDARY = `(?:(?<=${WORD_CLASS})(?=${WORD_CLASS})|(?<!${WORD_CLASS})(?!${WORD_CLASS}))`;
