/** The CompleteResult shape: {completion: {values: string[] (at most 100), total?: integer, hasMore?: boolean}}. */
import { isObject } from '../../../protocol/jsonrpc.js';

export const MAX_VALUES = 100;

export function completionProblems(result: unknown): string[] {
  if (!isObject(result)) return ['no result'];
  const completion = result.completion;
  if (!isObject(completion)) return ['the result has no "completion" object'];
  const problems: string[] = [];
  const { values, total, hasMore } = completion;
  if (!Array.isArray(values)) problems.push('completion.values is not an array');
  else {
    if (values.length > MAX_VALUES) problems.push(`completion.values has ${values.length} entries, more than ${MAX_VALUES}`);
    const wrong = values.findIndex((value) => typeof value !== 'string');
    if (wrong !== -1) problems.push(`completion.values[${wrong}] is ${JSON.stringify(values[wrong])}, not a string`);
  }
  if (total !== undefined && (typeof total !== 'number' || !Number.isInteger(total)))
    problems.push(`completion.total is ${JSON.stringify(total)}, not an integer`);
  if (hasMore !== undefined && typeof hasMore !== 'boolean') problems.push(`completion.hasMore is ${JSON.stringify(hasMore)}, not a boolean`);
  return problems;
}

export function describeValues(result: unknown): string {
  const values = isObject(result) && isObject(result.completion) && Array.isArray(result.completion.values) ? result.completion.values : [];
  return `${values.length} value(s)${
    values.length
      ? ` (${values
          .slice(0, 3)
          .map((value) => JSON.stringify(value))
          .join(', ')}${values.length > 3 ? ', …' : ''})`
      : ''
  }`;
}

/** The variable names of an RFC 6570 URI template, in order: "{id}", "{+path}", "{?a,b*}", "{x:3}". */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const [, expression] of template.matchAll(/\{([^}]*)\}/g)) {
    for (const spec of expression.replace(/^[+#./;?&]/, '').split(',')) {
      const name = spec.replace(/(\*|:\d+)$/, '').trim();
      if (name) names.push(name);
    }
  }
  return names;
}
