// json-server 0.17's `field_like=pattern`: its router keeps a record when
// `new RegExp(pattern, 'i').test(String(value))`. This file turns such a pattern into a
// PostgreSQL regular expression (for the case-sensitive `~`) that matches exactly the same texts,
// or says why it will not: the store then never sees a pattern whose meaning could differ.
//
// Read as JavaScript reads it (no `u` flag: Annex B syntax, UTF-16 code units, case folded by
// toUpperCase), written out so that no PostgreSQL default is relied on: every letter becomes the
// class of the letters JavaScript's `i` takes as equal to it ([kK], [éÉ]: not the database's
// locale), \d \w \s and `.` become explicit classes, \b a pair of lookarounds, every character
// other than an ASCII letter or digit an escape (\uXXXX), groups non-capturing. Only whether a
// match exists counts, so greedy and lazy quantifiers and the order of alternatives do not.
//
// Refused (400): what JavaScript itself refuses (json-server answers those with a 500);
// back-references, lookarounds and named groups; a repeated group that itself repeats or holds
// alternatives, as `(a+)+`, whose backtracking can take exponential time; counts over 100 and
// patterns over 500 characters. The one difference left: JavaScript sees a character beyond
// U+FFFF (an emoji) as two code units, PostgreSQL as one character, so `.`, a negated class, \D,
// \S or \W stand for one such character whole where JavaScript would take half of it (`a.b`
// matches 'a😀b' here, `a..b` does there), and \B never finds the place between its halves. A
// quantifier on such a character is refused.

import { addRange, bracket, caseClosed, char, classEscape, complement, LINE_TERMINATORS, literal, NOT_WORD_BOUNDARY, Refused, units, WORD_BOUNDARY, type Units } from './likeClasses';

export const MAX_LIKE_LENGTH = 500;
const MAX_COUNT = 100;

export type LikeRegex = { regex: string } | { error: string };



interface Piece {
  text: string;
  /** Holds a quantifier or an alternation. */
  branching: boolean;
}

class Parser {
  private pos = 0;
  constructor(private readonly src: string) {}

  parse(): string {
    const { text } = this.disjunction();
    if (this.pos < this.src.length) throw new Refused('An unmatched parenthesis');
    return text;
  }

  private peek(offset = 0): string {
    return this.src[this.pos + offset] ?? '';
  }

  private disjunction(): Piece {
    const alternatives = [this.alternative()];
    while (this.peek() === '|') {
      this.pos++;
      alternatives.push(this.alternative());
    }
    return { text: alternatives.map((a) => a.text).join('|'), branching: alternatives.length > 1 || alternatives.some((a) => a.branching) };
  }

  private alternative(): Piece {
    let text = '';
    let branching = false;
    while (this.pos < this.src.length && this.peek() !== '|' && this.peek() !== ')') {
      const term = this.term();
      text += term.text;
      branching ||= term.branching;
    }
    return { text, branching };
  }

  private term(): Piece {
    const c = this.peek();
    if (c === '^' || c === '$') {
      this.pos++;
      return { text: c, branching: false };
    }
    if (c === '\\' && (this.peek(1) === 'b' || this.peek(1) === 'B')) {
      this.pos += 2;
      return { text: this.peek(-1) === 'b' ? WORD_BOUNDARY : NOT_WORD_BOUNDARY, branching: false };
    }
    let atom: Piece & { astral?: boolean; group?: boolean };
    if (c === '(') {
      this.pos++;
      if (this.peek() === '?') {
        if (this.peek(1) !== ':') throw new Refused('Lookarounds and named groups are not supported');
        this.pos += 2;
      }
      const inner = this.disjunction();
      if (this.peek() !== ')') throw new Refused('An unclosed group');
      this.pos++;
      atom = { text: `(?:${inner.text})`, branching: inner.branching, group: true };
    } else if (c === '.') {
      this.pos++;
      atom = { text: bracket(complement(LINE_TERMINATORS.reduce((s, t) => ((s[t] = 1), s), units()))), branching: false };
    } else if (c === '[') {
      atom = { text: this.characterClass(), branching: false };
    } else if (c === '\\') {
      atom = { text: this.atomEscape(), branching: false };
    } else if (this.quantifier(false)) {
      throw new Refused('A quantifier with nothing to repeat');
    } else {
      const code = this.src.charCodeAt(this.pos);
      const next = this.src.charCodeAt(this.pos + 1);
      if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        this.pos += 2;
        atom = { text: char(this.src.codePointAt(this.pos - 2)!), branching: false, astral: true };
      } else {
        this.pos++;
        atom = { text: literal(code), branching: false };
      }
    }
    const quantifier = this.quantifier(true);
    if (!quantifier) return atom;
    if (atom.astral) throw new Refused('A quantifier on a character beyond U+FFFF is not supported');
    if (atom.group && quantifier.repeats && atom.branching) throw new Refused('A repeated group may not itself repeat or hold alternatives: it could be slow');
    return { text: atom.text + quantifier.text, branching: true };
  }

  /** A quantifier at the current position (consumed when `take`), lazy or not. */
  private quantifier(take: boolean): { text: string; repeats: boolean } | undefined {
    const c = this.peek();
    let text: string;
    let repeats: boolean;
    let length = 1;
    if (c === '*' || c === '+') [text, repeats] = [c, true];
    else if (c === '?') [text, repeats] = ['?', false];
    else {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.pos));
      if (!m) return undefined;
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      if (min > MAX_COUNT || (max !== Infinity && max > MAX_COUNT)) throw new Refused(`Counts over ${MAX_COUNT} are not supported`);
      text = m[2] === undefined ? `{${min}}` : max === Infinity ? `{${min},}` : `{${min},${max}}`;
      repeats = max > 1;
      length = m[0].length;
    }
    if (take) {
      this.pos += length;
      if (this.peek() === '?') this.pos++; // lazy: the same texts match
    }
    return { text, repeats };
  }

  /** After a backslash outside a class. */
  private atomEscape(): string {
    const set = this.escape(false);
    return typeof set === 'number' ? literal(set) : bracket(caseClosed(set));
  }

  /** The escape at the backslash: a code unit or a set (\d …). `inClass`: \b is a backspace there. */
  private escape(inClass: boolean): number | Units {
    this.pos++;
    const e = this.peek();
    if (e === '') throw new Refused('A backslash at the end');
    this.pos++;
    const set = classEscape(e);
    if (set) return set;
    const simple: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };
    if (e in simple) return simple[e];
    if (e === 'b' && inClass) return 8;
    if (e === '0' && !/[0-9]/.test(this.peek())) return 0;
    if (/[0-9]/.test(e)) throw new Refused('Back-references and octal escapes are not supported');
    if (e === 'c' || e === 'k') throw new Refused(`\\${e} is not supported`);
    if (e === 'x' || e === 'u') {
      const digits = e === 'x' ? 2 : 4;
      const m = new RegExp(`^[0-9a-fA-F]{${digits}}`).exec(this.src.slice(this.pos));
      if (!m) return e.charCodeAt(0); // Annex B: the letter itself
      this.pos += digits;
      return parseInt(m[0], 16);
    }
    return e.charCodeAt(0); // an identity escape: the character itself
  }

  /** `[...]` or `[^...]`, as a bracket expression. */
  private characterClass(): string {
    this.pos++;
    const negated = this.peek() === '^';
    if (negated) this.pos++;
    const set = units();
    const member = (): number | Units => {
      const code = this.peek() === '\\' ? this.escape(true) : this.src.charCodeAt(this.pos++);
      if (typeof code === 'number' && code >= 0xd800 && code <= 0xdfff) throw new Refused('A character beyond U+FFFF in a class is not supported');
      return code;
    };
    while (this.peek() !== ']') {
      if (this.pos >= this.src.length) throw new Refused('An unclosed class');
      const from = member();
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== '') {
        this.pos++;
        const to = member();
        if (typeof from === 'number' && typeof to === 'number') {
          if (to < from) throw new Refused('A range out of order');
          addRange(set, from, to);
          continue;
        }
        // Annex B: a class escape at either end makes the '-' a character.
        for (const part of [from, 0x2d, to]) {
          if (typeof part === 'number') set[part] = 1;
          else part.forEach((v, u) => v && (set[u] = 1));
        }
        continue;
      }
      if (typeof from === 'number') set[from] = 1;
      else from.forEach((v, u) => v && (set[u] = 1));
    }
    this.pos++;
    const closed = caseClosed(set);
    return bracket(negated ? complement(closed) : closed);
  }
}

/**
 * The PostgreSQL regular expression (for a case-sensitive `~`) that matches the texts
 * `new RegExp(pattern, 'i')` finds a match in, or why the pattern is refused.
 */
export function likeRegex(pattern: string): LikeRegex {
  if (pattern.length > MAX_LIKE_LENGTH) return { error: `At most ${MAX_LIKE_LENGTH} characters` };
  try {
    new RegExp(pattern, 'i');
  } catch {
    return { error: 'Not a valid regular expression' };
  }
  try {
    return { regex: new Parser(pattern).parse() };
  } catch (error) {
    if (error instanceof Refused) return { error: error.message };
    throw error;
  }
}
