/**
 * Rules about 2026-07-28 results that the official schema.json cannot express (DIGEST §1,
 * §7, §8, §11): which `resultType` values exist, which methods may answer
 * `input_required`, and what an `input_required` result must carry.
 */
import type { ZodType } from 'zod';
import { schemaIssues, type ValidationIssue } from './issues.js';
import type { SchemaSet } from './schema-set.js';

/** The only methods that may return an InputRequiredResult (MRTR). */
export const INPUT_REQUIRED_METHODS: ReadonlySet<string> = new Set(['tools/call', 'resources/read', 'prompts/get']);
/** Methods the tasks extension may turn into a task (today only tools/call). */
export const TASK_METHODS: ReadonlySet<string> = new Set(['tools/call']);
export const TASKS_EXTENSION_ID = 'io.modelcontextprotocol/tasks';

export interface ResultOptions {
  /** The tasks extension was negotiated, so `resultType: "task"` is allowed. */
  tasks?: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Issues of one modern result. `complete` is the schema of the method's final result;
 * `method` is undefined when the request is not known, and then method rules are skipped.
 */
export function modernResultIssues(
  set: SchemaSet,
  complete: ZodType,
  method: string | undefined,
  result: unknown,
  options: ResultOptions,
  prefix: string,
): ValidationIssue[] {
  const at = (field: string) => (prefix === '' ? field : `${prefix}.${field}`);
  if (!isObject(result)) return schemaIssues(set.anyResult, result, prefix);
  const resultType = result.resultType;

  if (resultType === 'input_required') {
    const issues = schemaIssues(set.inputRequiredResult!, result, prefix);
    if (method !== undefined && !INPUT_REQUIRED_METHODS.has(method)) {
      issues.push({
        path: at('resultType'),
        rule: 'input-required-method',
        message: `${method} may not return input_required (only tools/call, resources/read and prompts/get may)`,
      });
    }
    // The letter of the rule: at least one of the two keys is present (mrtr.mdx).
    if (!('inputRequests' in result) && !('requestState' in result)) {
      issues.push({ path: prefix, rule: 'input-required-shape', message: 'an input_required result needs inputRequests, requestState or both' });
    }
    return issues;
  }

  if (resultType === 'task') {
    if (!options.tasks) {
      return [{ path: at('resultType'), rule: 'resultType', message: `resultType "task" needs the ${TASKS_EXTENSION_ID} extension, which was not negotiated` }];
    }
    const issues = schemaIssues(set.taskResult!, result, prefix);
    if (method !== undefined && !TASK_METHODS.has(method)) {
      issues.push({ path: at('resultType'), rule: 'resultType', message: `${method} may not return a task (only tools/call may)` });
    }
    return issues;
  }

  // A missing or non-string resultType is a schema failure, reported by `complete` itself.
  if (typeof resultType === 'string' && resultType !== 'complete') {
    return [
      { path: at('resultType'), rule: 'resultType', message: `unknown resultType "${resultType}" (expected "complete" or "input_required")` },
      ...schemaIssues(set.anyResult, result, prefix),
    ];
  }
  return schemaIssues(complete, result, prefix);
}
