/** Validation issues, and the conversion of zod failures into them. */
import type { ZodType, core } from 'zod';

export interface ValidationIssue {
  /** Where in the validated value, e.g. `params._meta["io.modelcontextprotocol/protocolVersion"]`; '' is the value itself. */
  path: string;
  message: string;
  /** Which rule: 'schema' for shape and types, otherwise the name of a rule the official schema cannot express. */
  rule: string;
}

const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Joins path segments the way a reader writes them: `a.b[0]["io.x/y"]`. */
export function formatPath(segments: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (typeof segment === 'string' && PLAIN_KEY.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out;
}

function describe(issue: core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && / received undefined$/.test(issue.message)) return 'required field is missing';
  return issue.message;
}

/**
 * A failed union reports every branch; the branch with the fewest issues is the one the
 * author most likely meant, so only its issues are shown.
 */
function flatten(issues: readonly core.$ZodIssue[], base: readonly PropertyKey[], out: ValidationIssue[], prefix: string): void {
  for (const issue of issues) {
    const path = [...base, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const best = issue.errors.reduce((a, b) => (b.length < a.length ? b : a));
      if (best.length > 0) {
        flatten(best, path, out, prefix);
        continue;
      }
    }
    out.push({ path: formatPath(path, prefix), message: describe(issue), rule: 'schema' });
  }
}

/** Validates `value` against `schema` and returns the issues, with paths under `prefix`. */
export function schemaIssues(schema: ZodType, value: unknown, prefix = ''): ValidationIssue[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  const out: ValidationIssue[] = [];
  flatten(result.error.issues, [], out, prefix);
  return out;
}
