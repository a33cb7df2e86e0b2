// `format` validators judge server strings up to 64 MB: the regular expressions among them run
// on RE2 with ajv-formats' own results, and `url` (super-linear when backtracking) is not used.
import addFormatsModule from 'ajv-formats';
import { formatNames } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { compileSchema } from '../../src/protocol/json-schema.js';
import { onRe2 } from '../../src/protocol/linear-formats.js';

const SAMPLES = [
  '',
  'a',
  'https://example.com/a?b=c#d',
  '//host/path',
  '../x',
  'http://[::1]:80/',
  'mailto:a@b.c',
  'a b',
  '%zz',
  '/a/b~0c/~1',
  '0/a',
  '1#',
  'user@example.com',
  'a..b@c',
  'A@B.CO',
  '192.168.0.1',
  '256.1.1.1',
  '::1',
  '2001:db8::8a2e:370:7334',
  'fe80::1%eth0',
  '123e4567-e89b-12d3-a456-426614174000',
  'URN:UUID:123E4567-E89B-12D3-A456-426614174000',
  '/users/{id}',
  '{+path}/x',
  '{a',
  'é',
];

describe('ajv-formats regexes on RE2', () => {
  const onRegExp = formatNames
    .map((name) => [name, addFormatsModule.default.get(name)] as const)
    .filter((entry): entry is [(typeof entry)[0], RegExp] => entry[1] instanceof RegExp);

  it('run on RE2 where RE2 can express them', () => {
    const moved = onRegExp.filter(([, regex]) => onRe2(regex) !== undefined).map(([name]) => name);
    expect(moved).toEqual(expect.arrayContaining(['uri-reference', 'uri-template', 'email', 'ipv4', 'ipv6', 'uuid', 'json-pointer', 'relative-json-pointer']));
  });

  it.each(onRegExp.filter(([, regex]) => onRe2(regex) !== undefined))('%s agrees with its RegExp', (_name, regex) => {
    const linear = onRe2(regex)!;
    for (const sample of SAMPLES) expect(linear(sample), JSON.stringify(sample)).toBe(regex.test(sample));
  });
});

describe('formats on hostile strings', () => {
  it('`url` (50 s on 160 k characters when backtracking) is not applied', () => {
    const compiled = compileSchema({ type: 'string', format: 'url' });
    if (!compiled.ok) throw new Error(compiled.error);
    const started = Date.now();
    expect(compiled.validate('http://' + ':'.repeat(160_000) + '\u0000')).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('uri-reference, email and ipv6 judge a 200 k character string in linear time', () => {
    for (const [format, unit] of [
      ['uri-reference', '/a'],
      ['email', 'a.a'],
      ['ipv6', '1:'],
    ]) {
      const compiled = compileSchema({ type: 'string', format });
      if (!compiled.ok) throw new Error(compiled.error);
      const started = Date.now();
      expect(compiled.validate(unit!.repeat(100_000) + '\u0000'), format).toBe(false);
      expect(Date.now() - started, format).toBeLessThan(5000);
    }
  });
});
