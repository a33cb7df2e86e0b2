/**
 * mcpvet's own validators for MCP JSON-RPC messages, per revision (DESIGN "Spec data").
 * Schemas are lenient about unknown keys (MCP allows extension) and strict about required
 * fields and types; on top, the rules the official schema.json cannot express.
 */
import type { ZodType } from 'zod';
import { eraOfVersion } from './versions.js';
import { schemaIssues, schemasFor, type ParamsSchema, type SchemaSet, type ValidationIssue } from './schemas/index.js';
import { modernResultIssues, type ResultOptions } from './schemas/result-rules.js';

export type { ValidationIssue } from './schemas/index.js';
export { INPUT_REQUIRED_METHODS, TASKS_EXTENSION_ID } from './schemas/result-rules.js';

/** A protocol revision, e.g. '2026-07-28' or '2025-06-18'. */
export type Revision = string;
export type Direction = 'client-to-server' | 'server-to-client';

export interface ValidateOptions extends ResultOptions {
  revision: Revision;
  direction: Direction;
  /** For responses: the method of the request answered, which picks the result schema. */
  method?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function schemaSetOf(revision: Revision): SchemaSet | ValidationIssue {
  const era = eraOfVersion(revision);
  if (!era) return { path: '', rule: 'revision', message: `unknown protocol revision "${revision}"` };
  return schemasFor(era);
}

/** Validates a message received from, or sent to, a server. Returns no issues when it is valid. */
export function validateMessage(message: unknown, opts: ValidateOptions): ValidationIssue[] {
  const set = schemaSetOf(opts.revision);
  if (!('era' in set)) return [set];
  if (!isObject(message)) return [{ path: '', rule: 'schema', message: 'a JSON-RPC message must be an object' }];

  const issues: ValidationIssue[] = [];
  if (message.jsonrpc !== '2.0') {
    issues.push({ path: 'jsonrpc', rule: 'schema', message: 'jsonrpc' in message ? 'must be "2.0"' : 'required field is missing' });
  }
  if ('method' in message) {
    if (typeof message.method !== 'string') issues.push({ path: 'method', rule: 'schema', message: 'must be a string' });
    else if ('id' in message) for (const item of requestIssues(set, message, message.method, opts)) issues.push(item);
    else for (const item of notificationIssues(set, message, message.method, opts)) issues.push(item);
  } else if ('result' in message || 'error' in message) {
    for (const item of responseIssues(set, message, opts)) issues.push(item);
  } else {
    issues.push({ path: '', rule: 'schema', message: 'not a request, notification or response: no method, result or error' });
  }
  return issues;
}

/** Validates the `result` of a response to `method`. */
export function validateResult(method: string, result: unknown, revision: Revision, options: ResultOptions = {}): ValidationIssue[] {
  const set = schemaSetOf(revision);
  if (!('era' in set)) return [set];
  const schema = set.results.get(method) ?? set.clientResults.get(method);
  return resultIssues(set, schema, method, result, options, '');
}

function resultIssues(
  set: SchemaSet,
  schema: ZodType | undefined,
  method: string | undefined,
  result: unknown,
  options: ResultOptions,
  prefix: string,
): ValidationIssue[] {
  const known = schema !== undefined ? method : undefined;
  if (set.era === 'modern') return modernResultIssues(set, schema ?? set.anyResult, known, result, options, prefix);
  return schemaIssues(schema ?? set.anyResult, result, prefix);
}

const other = (direction: Direction): Direction => (direction === 'client-to-server' ? 'server-to-client' : 'client-to-server');

function requestIssues(set: SchemaSet, message: Record<string, unknown>, method: string, opts: ValidateOptions): ValidationIssue[] {
  const issues = schemaIssues(idSchema(set), message.id, 'id');
  if (set.era === 'modern' && opts.direction === 'server-to-client') {
    issues.push({ path: '', rule: 'direction', message: '2026-07-28 servers must not send JSON-RPC requests (input requests travel in InputRequiredResult)' });
    return issues;
  }
  const [mine, theirs] = opts.direction === 'client-to-server' ? [set.clientRequests, set.serverRequests] : [set.serverRequests, set.clientRequests];
  const spec = mine.get(method);
  if (!spec && theirs.has(method)) {
    issues.push({ path: 'method', rule: 'direction', message: `${method} is a ${other(opts.direction)} request` });
  }
  return [...issues, ...paramsIssues(set, message, spec)];
}

function notificationIssues(set: SchemaSet, message: Record<string, unknown>, method: string, opts: ValidateOptions): ValidationIssue[] {
  const [mine, theirs] =
    opts.direction === 'client-to-server' ? [set.clientNotifications, set.serverNotifications] : [set.serverNotifications, set.clientNotifications];
  const spec = mine.get(method);
  const issues: ValidationIssue[] = [];
  if (!spec && theirs.has(method)) {
    issues.push({ path: 'method', rule: 'direction', message: `${method} is a ${other(opts.direction)} notification` });
  }
  return [...issues, ...paramsIssues(set, message, spec)];
}

function paramsIssues(set: SchemaSet, message: Record<string, unknown>, spec: ParamsSchema | undefined): ValidationIssue[] {
  if (message.params === undefined) {
    return spec?.required ? [{ path: 'params', rule: 'schema', message: 'required field is missing' }] : [];
  }
  return schemaIssues(spec?.schema ?? set.anyParams, message.params, 'params');
}

function responseIssues(set: SchemaSet, message: Record<string, unknown>, opts: ValidateOptions): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (set.era === 'modern' && opts.direction === 'client-to-server') {
    issues.push({ path: '', rule: 'direction', message: '2026-07-28 clients never send JSON-RPC responses (answers go in inputResponses)' });
  }
  if ('result' in message && 'error' in message) {
    issues.push({ path: '', rule: 'jsonrpc', message: 'a response carries result or error, not both' });
  }
  if ('error' in message) {
    // The MCP schema leaves the id of an error response optional, else a string or an integer.
    // JSON-RPC 2.0 itself says the id MUST be null when the request's id could not be read
    // (parse error, invalid request), and the TypeScript SDK answers so: accept null there only.
    const error = message.error;
    const code = isObject(error) ? error.code : undefined;
    const unreadableRequest = code === -32700 || code === -32600;
    if ('id' in message && !(message.id === null && unreadableRequest)) for (const item of schemaIssues(idSchema(set), message.id, 'id')) issues.push(item);
    const schema = (typeof code === 'number' && set.errorsByCode.get(code)) || set.errorObject;
    for (const item of schemaIssues(schema, error, 'error')) issues.push(item);
    return issues;
  }
  for (const item of schemaIssues(idSchema(set), message.id, 'id')) issues.push(item);
  const table = opts.direction === 'server-to-client' ? set.results : set.clientResults;
  const schema = opts.method !== undefined ? table.get(opts.method) : undefined;
  for (const item of sharedResultIssues(set, schema, opts, message.result)) issues.push(item);
  return issues;
}

/**
 * Issues of a result, remembered per result object: answers that share one parsed result
 * (wire/shared-results.ts: the same 200,000-tool list on every connection) are validated once.
 * The issues are the same objects each time: treat them as read-only.
 */
const judgedResults = new WeakMap<SchemaSet, WeakMap<object, Map<string, ValidationIssue[]>>>();
function sharedResultIssues(set: SchemaSet, schema: ZodType | undefined, opts: ValidateOptions, result: unknown): ValidationIssue[] {
  if (typeof result !== 'object' || result === null) return resultIssues(set, schema, opts.method, result, opts, 'result');
  let bySet = judgedResults.get(set);
  if (!bySet) judgedResults.set(set, (bySet = new WeakMap()));
  let byKey = bySet.get(result);
  if (!byKey) bySet.set(result, (byKey = new Map()));
  const key = `${opts.direction} ${opts.method ?? ''} ${opts.tasks === true}`;
  let issues = byKey.get(key);
  if (!issues) byKey.set(key, (issues = resultIssues(set, schema, opts.method, result, opts, 'result')));
  return issues;
}

function idSchema(set: SchemaSet): ZodType {
  return set.parts.get('RequestId')!;
}
