// Rewrites a JSON Schema `pattern` (ECMA-262 with the `u` flag) into RE2 syntax with the same
// meaning, or says which construct RE2 cannot express. RE2 matches in linear time, so a server's
// pattern can never hold mcpvet hostage (`^(a+)+$` against "aaaa…!" takes years when backtracking).
//
// Where the two dialects read the same text differently, the ECMA-262 meaning is spelled out:
// `\s`/`\S` (ECMA: Unicode White_Space and line terminators; RE2: ASCII only), `.` (ECMA also
// stops at \r, U+2028, U+2029), `[` inside a class (ECMA: a literal; RE2: `[:alpha:]`), `[]` and
// `[^]`, `\uXXXX`/`\u{…}`/`\cX` (absent from RE2), `\p{Script=…}`/`\p{gc=…}` (RE2: bare names).
// What RE2 lacks outright (backreferences, lookahead, lookbehind) is reported, never approximated.
// The source must already compile as `new RegExp(source, 'u')`: u-mode syntax is strict enough
// that anything not handled below means the same in both dialects.

export type Translation = { ok: true; source: string } | { ok: false; reason: string };

const MAX_CODE_POINT = 0x10ffff;
// ECMA-262 WhiteSpace and LineTerminator code points (what `\s` matches), as ranges.
const WHITESPACE: [number, number][] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const NOT_WHITESPACE = complement(WHITESPACE);
const WHITESPACE_BODY = classBody(WHITESPACE);
const NOT_WHITESPACE_BODY = classBody(NOT_WHITESPACE);
const DOT = String.raw`[^\n\r\x{2028}\x{2029}]`;
const ANY = String.raw`[\x{0}-\x{10FFFF}]`;
const NOTHING = String.raw`[^\x{0}-\x{10FFFF}]`;
const PROPERTY_KEYS: Record<string, string> = { General_Category: '', gc: '', Script: '', sc: '' };

class Unsupported extends Error {}

export function ecmaToRe2(source: string): Translation {
  try {
    return { ok: true, source: new Translator(source).run() };
  } catch (e) {
    if (e instanceof Unsupported) return { ok: false, reason: e.message };
    throw e;
  }
}

class Translator {
  private readonly chars: string[];
  private i = 0;
  private out = '';

  constructor(source: string) {
    this.chars = [...source]; // code points, as u-mode reads the pattern
  }

  run(): string {
    while (this.i < this.chars.length) {
      const c = this.chars[this.i++];
      if (c === '\\') this.out += this.escape(false);
      else if (c === '[') this.out += this.characterClass();
      else if (c === '(') this.out += this.group();
      else if (c === '.') this.out += DOT;
      else this.out += c;
    }
    return this.out;
  }

  private peek(offset = 0): string | undefined {
    return this.chars[this.i + offset];
  }

  private group(): string {
    if (this.peek() !== '?') return '(';
    const next = this.peek(1);
    const after = this.peek(2);
    if (next === ':') {
      this.i += 2;
      return '(?:';
    }
    if (next === '=' || next === '!') throw new Unsupported('lookahead `(?=`/`(?!` is not supported by RE2');
    if (next === '<' && (after === '=' || after === '!')) throw new Unsupported('lookbehind `(?<=`/`(?<!` is not supported by RE2');
    if (next === '<') {
      this.i += 2;
      return '(?P<';
    }
    throw new Unsupported(`the group syntax \`(?${next ?? ''}\` is not supported by RE2`);
  }

  private characterClass(): string {
    let negated = false;
    if (this.peek() === '^') {
      negated = true;
      this.i++;
    }
    if (this.peek() === ']') {
      this.i++;
      return negated ? ANY : NOTHING; // `[]` matches nothing, `[^]` anything; RE2 would read `]` as a member
    }
    let body = '';
    while (this.i < this.chars.length) {
      const c = this.chars[this.i++];
      if (c === ']') return `[${negated ? '^' : ''}${body}]`;
      if (c === '\\') body += this.escape(true);
      else if (c === '[')
        body += '\\['; // literal in u-mode; RE2 would start `[:alpha:]`
      else body += c;
    }
    throw new Unsupported('an unterminated character class');
  }

  /** The escape after a backslash, as RE2 text (inside a class: class members only). */
  private escape(inClass: boolean): string {
    const c = this.chars[this.i++];
    switch (c) {
      case 'd':
      case 'D':
      case 'w':
      case 'W':
      case 'f':
      case 'n':
      case 'r':
      case 't':
      case 'v':
        return '\\' + c;
      case 'b':
        return inClass ? String.raw`\x{8}` : '\\b';
      case 'B':
        return '\\B';
      case 's':
        return inClass ? WHITESPACE_BODY : `[${WHITESPACE_BODY}]`;
      case 'S':
        return inClass ? NOT_WHITESPACE_BODY : `[${NOT_WHITESPACE_BODY}]`;
      case '0':
        return String.raw`\x{0}`;
      case 'k':
        throw new Unsupported('a named backreference `\\k<…>` is not supported by RE2');
      case 'x':
        return codePoint(this.take(2));
      case 'u':
        return this.unicodeEscape();
      case 'c':
        return codePoint((this.chars[this.i++].codePointAt(0)! % 32).toString(16));
      case 'p':
      case 'P':
        return this.property(c);
      case undefined:
        throw new Unsupported('a trailing backslash');
      default:
        if (c >= '1' && c <= '9') throw new Unsupported(`a backreference \`\\${c}\` is not supported by RE2`);
        return '\\' + c; // a syntax character or `-`, `/`: RE2 accepts any escaped punctuation
    }
  }

  private take(n: number): string {
    const text = this.chars.slice(this.i, this.i + n).join('');
    this.i += n;
    return text;
  }

  private unicodeEscape(): string {
    if (this.peek() === '{') {
      const end = this.chars.indexOf('}', this.i);
      const hex = this.chars.slice(this.i + 1, end).join('');
      this.i = end + 1;
      return codePoint(hex);
    }
    const unit = parseInt(this.take(4), 16);
    // A surrogate pair written as two escapes is one code point in u-mode.
    if (unit >= 0xd800 && unit <= 0xdbff && this.peek() === '\\' && this.peek(1) === 'u' && this.peek(2) !== '{') {
      const low = parseInt(this.chars.slice(this.i + 2, this.i + 6).join(''), 16);
      if (low >= 0xdc00 && low <= 0xdfff) {
        this.i += 6;
        return codePoint((0x10000 + (unit - 0xd800) * 0x400 + (low - 0xdc00)).toString(16));
      }
    }
    return codePoint(unit.toString(16));
  }

  private property(letter: string): string {
    const end = this.chars.indexOf('}', this.i);
    const inside = this.chars.slice(this.i + 1, end).join('');
    this.i = end + 1;
    const eq = inside.indexOf('=');
    if (eq === -1) return `\\${letter}{${inside}}`; // a General_Category value or a binary property
    const key = inside.slice(0, eq);
    if (!(key in PROPERTY_KEYS)) throw new Unsupported(`the property \`\\${letter}{${inside}}\` is not supported by RE2`);
    return `\\${letter}{${inside.slice(eq + 1)}}`;
  }
}

function codePoint(hex: string): string {
  return `\\x{${hex}}`;
}

function complement(ranges: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  let next = 0;
  for (const [from, to] of ranges) {
    if (from > next) out.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

function classBody(ranges: [number, number][]): string {
  return ranges.map(([from, to]) => (from === to ? codePoint(from.toString(16)) : `${codePoint(from.toString(16))}-${codePoint(to.toString(16))}`)).join('');
}
