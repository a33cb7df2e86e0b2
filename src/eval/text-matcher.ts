/** The answer matchers (exact, contains, regex), also used on values found in tool results. */
import { excerpt } from './excerpt.js';
import { compileRegex } from './text-regex.js';
import type { TextMatcher } from './types.js';

/**
 * Why `text` does not match, or undefined when it does. `exact` ignores white space at both ends
 * (models end answers with a newline); `contains` is case-sensitive and every string given must
 * appear; `regex` searches (anchor with ^…$ for the whole text).
 */
export function textMismatch(matcher: TextMatcher, text: string): string | undefined {
  if ('exact' in matcher) return text.trim() === matcher.exact.trim() ? undefined : `is not exactly ${excerpt(matcher.exact)}`;
  if ('regex' in matcher) {
    const compiled = compileRegex(matcher.regex, matcher.flags);
    if (!compiled.ok) return `the regex /${matcher.regex}/ is not usable: ${compiled.error}`;
    return compiled.test(text) ? undefined : `does not match /${matcher.regex}/${matcher.flags ?? ''}`;
  }
  const wanted = typeof matcher.contains === 'string' ? [matcher.contains] : matcher.contains;
  const missing = wanted.filter((part) => !text.includes(part));
  return missing.length === 0 ? undefined : `does not contain ${missing.map((part) => excerpt(part)).join(', ')}`;
}
