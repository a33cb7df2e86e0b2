// ajv-formats' validators, with every regular expression RE2 can run moved onto RE2: they judge
// server strings up to 64 MB long, and backtracking is super-linear on some of them (`url`, 160 k
// characters: 50 s). `url` is not a JSON Schema format and is left out (strict:false ignores
// unknown formats, as for any other). Left on RegExp, and measured linear on adversarial input:
// `duration` and `hostname` (anchored, unambiguous, but with lookaheads RE2 lacks) and the
// formats ajv-formats writes as functions (date, time, date-time, uri, regex, byte, ...).
import addFormatsModule from 'ajv-formats';
import { formatNames, type FormatName } from 'ajv-formats/dist/formats.js';
import type AjvModule from 'ajv';
import { RE2JS } from 're2js';
import { ecmaToRe2 } from './ecma-to-re2.js';

const addFormats = addFormatsModule.default;
type Ajv = InstanceType<typeof AjvModule.default>;

const BACKTRACKS_BADLY = new Set<FormatName>(['url']);

export function addLinearFormats(ajv: Ajv): void {
  const names = formatNames.filter((name) => !BACKTRACKS_BADLY.has(name));
  addFormats(ajv, { formats: names, keywords: true });
  for (const name of names) {
    const definition = addFormats.get(name);
    if (!(definition instanceof RegExp)) continue;
    const linear = onRe2(definition);
    if (linear) ajv.addFormat(name, linear);
  }
}

/** The same test on RE2, or undefined when RE2 cannot run it. */
export function onRe2(regex: RegExp): ((input: string) => boolean) | undefined {
  try {
    new RegExp(regex.source, 'u'); // the translator reads u-mode syntax
  } catch {
    return undefined;
  }
  const translated = ecmaToRe2(regex.source);
  if (!translated.ok) return undefined;
  try {
    const re2 = RE2JS.compile(translated.source, regex.flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
    return (input) => re2.test(input);
  } catch {
    return undefined;
  }
}
