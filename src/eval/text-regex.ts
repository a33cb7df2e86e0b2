/**
 * The regular expressions a tasks file gives (answer `regex`, argument `regex`, `matches`):
 * ECMAScript syntax, run on RE2 (re2js) in linear time, so no task file can freeze mcpvet
 * however long the answer. Flags: `i` (ignore case) and `m` (^ and $ at line ends). A pattern RE2
 * cannot run (backreferences, lookaround) is refused at load time rather than half-enforced.
 * Matching is a search, like JSON Schema's `pattern`: anchor with ^…$ to match the whole text.
 */
import { RE2JS } from 're2js';
import { ecmaToRe2 } from '../protocol/ecma-to-re2.js';

export type CompiledRegex = { ok: true; test: (text: string) => boolean } | { ok: false; error: string };

const REGEX_FLAGS = 'im';

export function validFlags(flags: string): boolean {
  return [...flags].every((flag, index) => REGEX_FLAGS.includes(flag) && flags.indexOf(flag) === index);
}

const CACHE_LIMIT = 500;
const cache = new Map<string, CompiledRegex>();

export function compileRegex(source: string, flags = ''): CompiledRegex {
  const key = `${flags}/${source}`;
  let compiled = cache.get(key);
  if (!compiled) {
    compiled = compileUncached(source, flags);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(key, compiled);
  }
  return compiled;
}

function compileUncached(source: string, flags: string): CompiledRegex {
  if (!validFlags(flags)) return { ok: false, error: `flags may be i and m (each once), not ${JSON.stringify(flags)}` };
  try {
    // Syntax check only: V8 parses at construction and this object never runs.
    new RegExp(source, `u${flags}`);
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
  const translated = ecmaToRe2(source);
  if (!translated.ok) return { ok: false, error: `not supported (it must run in linear time): ${translated.reason}` };
  try {
    const bits = (flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0) | (flags.includes('m') ? RE2JS.MULTILINE : 0);
    const re2 = RE2JS.compile(translated.source, bits);
    return { ok: true, test: (text) => re2.test(text) };
  } catch (error) {
    return { ok: false, error: `not supported (it must run in linear time): ${(error as Error).message}` };
  }
}
