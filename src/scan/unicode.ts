/**
 * Characters a person reading server text cannot see, or cannot tell apart: zero-width and other
 * format characters, bidi controls, Unicode tag characters (which spell hidden ASCII), terminal
 * escapes, and letters of other scripts that look like Latin ones in names. Pure text analysis.
 */
import { oneLine } from '../wire/control-chars.js';
import type { PoisonSpan } from './poison-span.js';

/** Zero-width characters; ZWJ and ZWNJ between letters of one non-Latin word or inside an emoji are writing, not hiding. */
const ZERO_WIDTH = /[\u200b-\u200d\u2060-\u2064\u180e\ufeff]+/gu;
/** Embeddings, overrides and isolates reorder what is shown (Trojan Source); always flagged. */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]+/gu;
/** Marks that only matter next to right-to-left text. */
const BIDI_MARK = /[\u200e\u200f\u061c]+/gu;
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
/** U+E0000–E007F: invisible copies of ASCII, readable by a model. */
const TAG_CHARACTERS = /[\u{e0000}-\u{e007f}]+/gu;
/** Other invisible characters: format characters, Hangul fillers, runs of variation selectors (which can smuggle bytes). */
const OTHER_INVISIBLE = /(?:[\p{Cf}\u115f\u1160\u3164\uffa0]|\u034f)+|(?:[\ufe00-\ufe0f]|[\u{e0100}-\u{e01ef}]){2,}/gu;
/** Runs the passes above judge (with their exceptions: emoji, flags, right-to-left text). */
const HANDLED_ABOVE = /^[\u200b-\u200f\u202a-\u202e\u2060-\u2069\u180e\ufeff\u061c\u{e0000}-\u{e007f}]+$/u;
/** ESC: terminal escape sequences can erase or recolour text on a terminal. */
const TERMINAL_ESCAPE = /\u001b(?:\[[0-9;?]{0,32}[ -/]{0,4}[@-~]|\][^\u0007\u001b]{0,256}(?:\u0007|\u001b\\)?|.)?/gu;
/** Invisible in the output of oneLine too: escaped for display. */
const SHOWN_ESCAPED = /[\p{Cf}\u115f\u1160\u3164\uffa0\u{e0000}-\u{e007f}]|\u034f|[\ufe00-\ufe0f]|[\u{e0100}-\u{e01ef}]/gu;

const EMOJI = /\p{Extended_Pictographic}/u;
const LETTER = /\p{L}/u;
const LATIN_OR_ASCII = /[\p{Script=Latin}\x00-\x7f]/u;

/** A span of `text` for display: clipped, one line, every control and invisible character as an escape. */
export function displayQuote(text: string, max = 160): string {
  const clipped = [...text].length > max ? `${[...text].slice(0, max).join('')}…` : text;
  return oneLine(clipped).replace(SHOWN_ESCAPED, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}

/** The ASCII that a run of tag characters spells (U+E0041 is "A"). */
export function decodeTags(run: string): string {
  return [...run]
    .map((c) => c.codePointAt(0)! - 0xe0000)
    .filter((code) => code >= 0x20 && code < 0x7f)
    .map((code) => String.fromCharCode(code))
    .join('');
}

/** In a document, a stray zero-width space or byte order mark is ordinary (web pages are full of them); a run that long carries bits. */
const HIDDEN_RUN = 3;

/**
 * Every invisible or direction-changing run of `text` (SEC-POISON-INVISIBLE). `document`: a
 * document or a result, where single zero-width characters and the bidi controls of right-to-left
 * writing are ordinary.
 */
export function findInvisible(text: string, document = false): PoisonSpan[] {
  const spans: PoisonSpan[] = [];
  const add = (code: string, start: number, end: number) => spans.push(invisibleSpan(text, code, start, end));
  for (const m of text.matchAll(ZERO_WIDTH)) {
    if (document && [...m[0]].length < HIDDEN_RUN) continue;
    if (!isWritingJoiner(text, m.index, m[0])) add('zero-width', m.index, m.index + m[0].length);
  }
  const rightToLeft = RIGHT_TO_LEFT.test(text);
  if (!(document && rightToLeft)) for (const m of text.matchAll(BIDI_CONTROL)) add('bidi-control', m.index, m.index + m[0].length);
  if (!rightToLeft && !document) for (const m of text.matchAll(BIDI_MARK)) add('bidi-control', m.index, m.index + m[0].length);
  for (const m of text.matchAll(TAG_CHARACTERS)) if (!isFlagSequence(text, m.index)) add('tag-characters', m.index, m.index + m[0].length);
  for (const m of text.matchAll(OTHER_INVISIBLE)) {
    if (HANDLED_ABOVE.test(m[0]) || isSoftHyphen(m[0]) || (document && [...m[0]].length < HIDDEN_RUN)) continue;
    add('invisible-format', m.index, m.index + m[0].length);
  }
  for (const m of text.matchAll(TERMINAL_ESCAPE)) add('terminal-escape', m.index, m.index + m[0].length);
  return spans.sort((a, b) => a.start - b.start);
}

function invisibleSpan(text: string, code: string, start: number, end: number): PoisonSpan {
  const run = text.slice(start, end);
  // The run alone is a row of escapes: the note says where it sits, and what tag characters spell.
  const before = displayQuote(text.slice(Math.max(0, start - 20), start), 20);
  const after = displayQuote(text.slice(end, end + 20), 20);
  const spelled = code === 'tag-characters' ? `spelling "${displayQuote(decodeTags(run), 120)}", ` : '';
  const count = [...run].length;
  return {
    rule: 'SEC-POISON-INVISIBLE',
    code,
    start,
    end,
    // Tag characters are what they spell (the note): a few escapes show what they are.
    quote: displayQuote(run, code === 'tag-characters' ? 6 : 24),
    note: `${spelled}${count} character${count === 1 ? '' : 's'} after "${before}", before "${after}"`,
  };
}

/** ZWJ/ZWNJ inside an emoji sequence or between two letters of a non-Latin script (Persian, Indic scripts). */
function isWritingJoiner(text: string, at: number, run: string): boolean {
  if (run !== '\u200d' && run !== '\u200c') return false;
  const before = String.fromCodePoint(text.codePointAt(at - 1 >= 0 && isLowSurrogate(text, at - 1) ? at - 2 : at - 1) ?? 0x20);
  const after = String.fromCodePoint(text.codePointAt(at + 1) ?? 0x20);
  if (run === '\u200d' && (EMOJI.test(before) || before === '\ufe0f' || /[\u{1f3fb}-\u{1f3ff}]/u.test(before)) && EMOJI.test(after)) return true;
  return LETTER.test(before) && LETTER.test(after) && !LATIN_OR_ASCII.test(before) && !LATIN_OR_ASCII.test(after);
}

const isLowSurrogate = (text: string, at: number): boolean => {
  const unit = text.charCodeAt(at);
  return unit >= 0xdc00 && unit <= 0xdfff;
};

/** Subdivision flags (England, Scotland) are U+1F3F4 followed by tag characters. */
function isFlagSequence(text: string, at: number): boolean {
  return at >= 2 && text.codePointAt(at - 2) === 0x1f3f4;
}

/** A lone soft hyphen marks where a word may break: invisible, but it hides nothing. */
const isSoftHyphen = (run: string): boolean => /^\u00ad+$/u.test(run);

/** Lookalikes of ASCII letters from Cyrillic, Greek, Armenian and IPA (the common homoglyphs; NFKC covers fullwidth and math letters). */
const HOMOGLYPHS: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  Ѕ: 'S',
  І: 'I',
  Ј: 'J',
  α: 'a',
  ο: 'o',
  ρ: 'p',
  ν: 'v',
  τ: 't',
  υ: 'u',
  ι: 'i',
  κ: 'k',
  χ: 'x',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  օ: 'o',
  ս: 'u',
  ց: 'g',
  ɡ: 'g',
  ɑ: 'a',
  ı: 'i',
};

/** The ASCII a name looks like: homoglyphs mapped, fullwidth and mathematical letters folded (NFKC). */
export function skeleton(name: string): string {
  return [...name.normalize('NFKC')].map((c) => HOMOGLYPHS[c] ?? c).join('');
}

/**
 * Confusable characters in a name (SEC-POISON-CONFUSABLE): `homoglyph` when it mixes ASCII letters
 * with lookalikes (or is all lookalikes of ASCII), `mixed-script` when its letters come from
 * several scripts. A name written wholly in one non-Latin script is someone's language, not a trick.
 */
export function findConfusable(name: string): PoisonSpan[] {
  const text = name.slice(0, 1024);
  const nonAscii = [...text.matchAll(/[^\x00-\x7f]/gu)];
  if (nonAscii.length === 0) return [];
  const first = nonAscii[0]!.index;
  const last = nonAscii.at(-1)!;
  const span = (code: string): PoisonSpan => ({
    rule: 'SEC-POISON-CONFUSABLE',
    code,
    start: first,
    end: last.index + last[0].length,
    quote: displayQuote(text.slice(first, last.index + last[0].length)),
    note: `in ${JSON.stringify(displayQuote(text))}, which looks like "${displayQuote(skeleton(text))}"`,
  });
  const looksAscii = /^[\x00-\x7f]+$/.test(skeleton(text));
  if (looksAscii && (/[A-Za-z]/.test(text) || skeleton(text) !== text)) return [span('homoglyph')];
  const scripts = new Set([...text].map(scriptOf).filter((s) => s !== undefined));
  // Latin beside Han or Hangul is a bilingual name; beside a script of lookalikes it is a disguise.
  const disguise = scripts.has('Latin') && [...scripts].some((script) => LOOKALIKE_SCRIPTS.has(script));
  return disguise ? [{ ...span('mixed-script'), note: `in ${JSON.stringify(displayQuote(text))}, letters of ${[...scripts].join(', ')}` }] : [];
}

/** Scripts with letters that pass for Latin ones. */
const LOOKALIKE_SCRIPTS = new Set(['Cyrillic', 'Greek', 'Armenian', 'Cherokee']);
const SCRIPTS = ['Latin', 'Cyrillic', 'Greek', 'Armenian', 'Cherokee', 'Georgian', 'Han', 'Hiragana', 'Katakana', 'Hangul', 'Arabic', 'Hebrew'] as const;
const SCRIPT_PATTERNS = SCRIPTS.map((script) => [script, new RegExp(`\\p{Script=${script}}`, 'u')] as const);

function scriptOf(character: string): string | undefined {
  if (!LETTER.test(character)) return undefined;
  // Japanese mixes Han, Hiragana and Katakana in one word: one writing system.
  const found = SCRIPT_PATTERNS.find(([, pattern]) => pattern.test(character))?.[0] ?? 'Other';
  return found === 'Hiragana' || found === 'Katakana' || found === 'Han' ? 'Han/Kana' : found;
}
