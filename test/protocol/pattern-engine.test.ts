// Server patterns run on RE2 with ECMA-262 `u` semantics: the native RegExp is the oracle for
// every pattern both can run, RE2's gaps are reported, and nothing backtracks.
import { describe, expect, it } from 'vitest';
import { compilePattern, testPattern } from '../../src/protocol/pattern-engine.js';
import { compileSchema } from '../../src/protocol/json-schema.js';

// [pattern, inputs]: each input is judged by RE2 and by `new RegExp(pattern, 'u')`.
const AGREEMENT: [string, string[]][] = [
  ['^\\p{L}+$', ['héllo', 'Ωμέγα', 'abc1', '']],
  ['^\\P{Lu}$', ['a', 'A']],
  ['^\\p{Script=Greek}+$', ['αβγ', 'abc']],
  ['^\\p{sc=Latin}$', ['a', 'α']],
  ['^\\p{gc=Nd}$', ['7', '٣', 'x']],
  ['^\\d{3}-\\d{4}$', ['555-1234', '٥٥٥-١٢٣٤', '55-1234']],
  ['^\\w+$', ['snake_case', 'é']],
  ['\\bcat\\b', ['a cat sat', 'concatenate']],
  ['^\\s$', [' ', '\t', '\u00a0', '\u2028', '\ufeff', '\v', 'x']],
  ['^\\S+$', ['abc', 'a b', 'a\u00a0b']],
  ['^[\\s\\d]+$', ['1 2\u30003', '1x']],
  ['^[^\\S]$', ['\u00a0', 'a']],
  ['^[\\S]$', ['\u00a0', 'a', '😀']],
  ['^.$', ['a', '😀', '\n', '\r', '\u2028', '\u2029']],
  ['^a.c$', ['abc', 'a\rc']],
  ['^[[:alpha:]+$', ['[:alpha:', 'xyz', 'pal']],
  ['^a[]b$', ['ab', 'a]b']],
  ['^a[^]b$', ['a\nb', 'ab']],
  ['^\\u00e9\\u{1F600}$', ['é😀', 'e😀']],
  ['^\\uD83D\\uDE00$', ['😀', 'x']],
  ['^[\\u0041-\\u005A]+$', ['ABC', 'abc']],
  ['^\\x41\\cJ\\0$', ['A\n\0', 'A\n']],
  ['^[\\b]$', ['\b', 'b']],
  ['^(?<year>\\d{4})-(?:0[1-9]|1[0-2])$', ['2026-07', '2026-13']],
  ['^[a-z\\-]+$', ['kebab-case', 'Kebab']],
  ['^\\/api\\/v[12]\\.\\*$', ['/api/v1.*', '/api/v3.*']],
  ['^(?:a|b)*?c{2,3}$', ['ababcc', 'abc']],
  ['a$', ['a', 'a\n']],
  ['^$', ['', '\n']],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a regex character class, not a template.
  ['[.*+?^${}()|]', ['$', 'a']],
];

describe('patterns RE2 runs agree with ECMA-262 (u flag)', () => {
  for (const [pattern, inputs] of AGREEMENT) {
    it(pattern, () => {
      const native = new RegExp(pattern, 'u');
      for (const input of inputs) expect(testPattern(pattern, input), JSON.stringify(input)).toBe(native.test(input));
    });
  }
});

describe('patterns RE2 cannot run are named, not approximated', () => {
  it.each([
    ['(?=x)', 'lookahead'],
    ['^(?!b)a$', 'lookahead'],
    ['(?<=a)b', 'lookbehind'],
    ['(?<!a)b', 'lookbehind'],
    ['(a)\\1', 'backreference'],
    ['(?<n>a)\\k<n>', 'named backreference'],
    ['\\p{Script_Extensions=Greek}', 'property'],
    ['^a{1001}$', 'repeat'],
  ])('%s', (pattern, reason) => {
    const compiled = compilePattern(pattern);
    expect(compiled.ok).toBe(false);
    expect((compiled as { unsupported: string }).unsupported).toContain(reason);
  });

  it('an invalid ECMA-262 pattern stays invalid (not merely unenforced)', () => {
    for (const pattern of ['[a-', '\\-', 'a{,3}', '(?i)a', '\\Qa\\E'])
      expect(compilePattern(pattern), pattern).toMatchObject({ ok: false, invalid: expect.any(String) });
  });
});

describe('no backtracking on server input', () => {
  const almost = 'a'.repeat(50) + '!';

  it('a catastrophic pattern and patternProperties key are judged at once', () => {
    const compiled = compileSchema({
      type: 'object',
      properties: { t: { type: 'string', pattern: '^(a+)+$' } },
      patternProperties: { '^(a|aa)+$': { type: 'number' } },
    });
    if (!compiled.ok) throw new Error(compiled.error);
    const started = Date.now(); // backtracking would take years: any bound tells them apart
    expect(compiled.validate({ t: almost })).toBe(false);
    expect(compiled.validate({ t: 'aaaa', [almost]: 'not checked: the key does not match' })).toBe(true);
    expect(compiled.validate({ aaaa: 'string where a number is wanted' })).toBe(false);
    expect(compiled.unenforced).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a pattern RE2 cannot run compiles, matches everything, and is listed as unenforced', () => {
    const compiled = compileSchema({ type: 'string', pattern: '^(?!b)(a+)+$' });
    if (!compiled.ok) throw new Error(compiled.error);
    expect(compiled.validate(almost)).toBe(true);
    expect(compiled.unenforced).toEqual([{ pattern: '^(?!b)(a+)+$', reason: expect.stringContaining('lookahead') }]);
  });

  it('an ECMA-262-invalid pattern still fails the compile', () => {
    expect(compileSchema({ type: 'string', pattern: '[a-' })).toMatchObject({ ok: false, error: expect.stringContaining('Invalid regular expression') });
  });
});
