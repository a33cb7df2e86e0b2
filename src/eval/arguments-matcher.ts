/** The argument matchers of an expected tool call: exact, subset, regex, JSON Schema. */
import { isDeepStrictEqual } from 'node:util';
import { schemaProblems } from '../protocol/json-schema.js';
import { valueExcerpt } from './excerpt.js';
import { compileRegex } from './text-regex.js';
import type { ArgumentsMatcher } from './types.js';

/** Why the arguments fail the matcher (every broken condition, `; `-joined), or undefined when they match. */
export function argumentsMismatch(matcher: ArgumentsMatcher, args: unknown): string | undefined {
  // A call without arguments is a call with {} (MCP: `arguments` may be omitted).
  const given = args === undefined || args === null ? {} : args;
  if (typeof given !== 'object' || Array.isArray(given)) return `the arguments are not an object: ${valueExcerpt(given)}`;
  const actual = given as Record<string, unknown>;
  const problems: string[] = [];
  if (matcher.exact) problems.push(...exactProblems(matcher.exact, actual));
  if (matcher.subset) problems.push(...subsetProblems(matcher.subset, actual));
  for (const [param, pattern] of Object.entries(matcher.regex ?? {})) {
    if (!Object.hasOwn(actual, param)) problems.push(`${param} is missing`);
    else {
      const value = actual[param];
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      const compiled = compileRegex(pattern);
      if (!compiled.ok || !compiled.test(text)) problems.push(`${param} ${valueExcerpt(value)} does not match /${pattern}/`);
    }
  }
  if (matcher.schema) {
    const schemaErrors = schemaProblems(matcher.schema, actual);
    if (schemaErrors.length > 0) problems.push(`the arguments do not match the schema: ${schemaErrors.slice(0, 3).join(', ')}`);
  }
  return problems.length === 0 ? undefined : problems.join('; ');
}

function subsetProblems(expected: Record<string, unknown>, actual: Record<string, unknown>): string[] {
  return Object.entries(expected).flatMap(([key, value]) => {
    if (!Object.hasOwn(actual, key)) return [`${key} is missing (expected ${valueExcerpt(value)})`];
    return isDeepStrictEqual(actual[key], value) ? [] : [`${key} is ${valueExcerpt(actual[key])}, expected ${valueExcerpt(value)}`];
  });
}

function exactProblems(expected: Record<string, unknown>, actual: Record<string, unknown>): string[] {
  const extra = Object.keys(actual).filter((key) => !Object.hasOwn(expected, key));
  return [...subsetProblems(expected, actual), ...extra.map((key) => `${key} was given (${valueExcerpt(actual[key])}) but exact does not have it`)];
}
