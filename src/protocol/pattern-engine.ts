// The only engine that runs server-supplied regular expressions (`pattern`, `patternProperties`,
// and lint's own tests of them): RE2 through re2js, linear in the input, so no schema can freeze
// mcpvet. Semantics: a JSON Schema pattern is ECMA-262 with the `u` flag (ecma-to-re2.ts maps it
// to RE2). A pattern ECMA-262 rejects is an error, as before. A valid pattern RE2 cannot run
// (backreferences, lookaround, repeats over 1000, ...) is NOT enforced: it matches everything,
// the schema still compiles, and the compile reports it so verdicts can say so (and lint
// reports it as schema.pattern-unsupported).
import { RE2JS } from 're2js';
import { ecmaToRe2 } from './ecma-to-re2.js';

export type CompiledPattern = { ok: true; test: (input: string) => boolean } | { ok: false; invalid: string } | { ok: false; unsupported: string };

const CACHE_LIMIT = 1000;
const cache = new Map<string, CompiledPattern>();

export function compilePattern(source: string): CompiledPattern {
  let compiled = cache.get(source);
  if (!compiled) {
    compiled = compileUncached(source);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(source, compiled);
  }
  return compiled;
}

function compileUncached(source: string): CompiledPattern {
  try {
    // Syntax check only: V8 parses at construction and never runs this object.
    new RegExp(source, 'u');
  } catch (e) {
    return { ok: false, invalid: (e as Error).message };
  }
  const translated = ecmaToRe2(source);
  if (!translated.ok) return { ok: false, unsupported: translated.reason };
  try {
    const re2 = RE2JS.compile(translated.source);
    return { ok: true, test: (input) => re2.test(input) };
  } catch (e) {
    return { ok: false, unsupported: `RE2 cannot run it (${(e as Error).message})` };
  }
}

/** Whether `input` matches; undefined when the pattern is invalid or RE2 cannot run it. */
export function testPattern(source: string, input: string): boolean | undefined {
  const compiled = compilePattern(source);
  return compiled.ok ? compiled.test(input) : undefined;
}

export interface UnenforcedPattern {
  pattern: string;
  reason: string;
}

// ajv calls the engine while it compiles (synchronously), so the patterns it could not enforce
// are gathered for the compile in progress.
let gathering: Map<string, UnenforcedPattern> | undefined;

export function gatherUnenforced<T>(compile: () => T): { value: T; unenforced: UnenforcedPattern[] } {
  const outer = gathering;
  const mine = new Map<string, UnenforcedPattern>();
  gathering = mine;
  try {
    const value = compile();
    return { value, unenforced: [...mine.values()] };
  } finally {
    gathering = outer;
  }
}

interface RegExpLike {
  test: (input: string) => boolean;
}

/** ajv's `code.regExp` option: `(pattern, flags) => { test }`. Throws for an ECMA-invalid pattern. */
export const re2RegExpEngine = Object.assign(
  (source: string): RegExpLike => {
    const compiled = compilePattern(source);
    if (compiled.ok) return { test: compiled.test, toString: () => `re2:/${source}/` } as RegExpLike;
    if ('invalid' in compiled) throw new SyntaxError(`Invalid regular expression: /${source}/u: ${compiled.invalid}`);
    gathering?.set(source, { pattern: source, reason: compiled.unsupported });
    return { test: () => true, toString: () => `unenforced:/${source}/` } as RegExpLike;
  },
  { code: 'mcpvet-re2' },
);
