/**
 * Validation against an official MCP schema.json the user supplies (`--spec-schema FILE`):
 * a second opinion beside mcpvet's own validators. The file is JSON Schema 2020-12 with
 * only `$defs`; a type is checked through `{ $ref: "<file>#/$defs/<Type>" }`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { addLinearFormats } from './linear-formats.js';
import { re2RegExpEngine } from './pattern-engine.js';
import type { ValidationIssue } from './schemas/issues.js';
import { INPUT_REQUIRED_METHODS } from './schemas/result-rules.js';
import type { Direction } from './validate.js';
import { parseJson } from '../wire/json-depth.js';

/** Which $defs type describes a message, and which part of the message it describes. */
export interface SpecTarget {
  typeName: string;
  /** 'message': the whole JSON-RPC message; 'result': only its `result` member. */
  part: 'message' | 'result';
}

export interface SpecSchema {
  /** The file it was loaded from, and the names of its $defs. */
  file: string;
  typeNames: ReadonlySet<string>;
  /** Validates `value` against `$defs/<typeName>`. */
  validate(typeName: string, value: unknown): ValidationIssue[];
  /** Validates a whole message with the type `specTypeFor` picks for it. */
  validateMessage(message: unknown, method: string | undefined, direction: Direction): ValidationIssue[];
}

export class SpecSchemaError extends Error {
  override name = 'SpecSchemaError';
}

export function loadSpecSchema(file: string): SpecSchema {
  const path = resolve(file);
  let document: unknown;
  try {
    document = parseJson(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new SpecSchemaError(`cannot read the spec schema ${file}: ${(error as Error).message}`);
  }
  const defs = (document as { $defs?: unknown } | null)?.$defs;
  if (typeof defs !== 'object' || defs === null) throw new SpecSchemaError(`${file} is not an MCP schema.json: it has no $defs`);

  const id = typeof (document as { $id?: unknown }).$id === 'string' ? (document as { $id: string }).$id : pathToFileURL(path).href;
  // strict: false because the official files use annotations ajv's strict mode rejects.
  // The file is the user's, but its patterns and formats judge server messages: linear engines only.
  const ajv = new Ajv2020({ strict: false, allErrors: true, code: { regExp: re2RegExpEngine } });
  addLinearFormats(ajv as unknown as Parameters<typeof addLinearFormats>[0]);
  try {
    ajv.addSchema({ ...(document as object), $id: id });
  } catch (error) {
    throw new SpecSchemaError(`${file} is not a valid JSON Schema: ${(error as Error).message}`);
  }

  const typeNames: ReadonlySet<string> = new Set(Object.keys(defs));
  const compiled = new Map<string, ValidateFunction>();
  const validatorFor = (typeName: string): ValidateFunction => {
    let fn = compiled.get(typeName);
    if (!fn) {
      fn = ajv.compile({ $ref: `${id}#/$defs/${typeName}` });
      compiled.set(typeName, fn);
    }
    return fn;
  };

  const validate = (typeName: string, value: unknown): ValidationIssue[] => {
    if (!typeNames.has(typeName)) return [{ path: '', rule: 'spec-schema', message: `${file} defines no type ${typeName}` }];
    const fn = validatorFor(typeName);
    return fn(value) ? [] : (fn.errors ?? []).map(toIssue);
  };

  return {
    file: path,
    typeNames,
    validate,
    validateMessage(message, method, direction) {
      const target = specTypeFor(message, method, direction, typeNames);
      if (!target) return [{ path: '', rule: 'spec-schema', message: 'not a JSON-RPC message' }];
      if (target.part === 'message') return validate(target.typeName, message);
      return validate(target.typeName, (message as { result?: unknown }).result).map((i) => ({
        ...i,
        path: i.path === '' ? 'result' : i.path.startsWith('[') ? `result${i.path}` : `result.${i.path}`,
      }));
    },
  };
}

function toIssue(error: ErrorObject): ValidationIssue {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`))
    .join('')
    .replace(/^\./, '');
  return { path, rule: 'spec-schema', message: `${error.message ?? 'invalid'}${error.params ? ` ${JSON.stringify(error.params)}` : ''}` };
}

const REQUEST_TYPES: Record<string, string> = {
  initialize: 'InitializeRequest',
  ping: 'PingRequest',
  'server/discover': 'DiscoverRequest',
  'tools/list': 'ListToolsRequest',
  'tools/call': 'CallToolRequest',
  'resources/list': 'ListResourcesRequest',
  'resources/templates/list': 'ListResourceTemplatesRequest',
  'resources/read': 'ReadResourceRequest',
  'resources/subscribe': 'SubscribeRequest',
  'resources/unsubscribe': 'UnsubscribeRequest',
  'prompts/list': 'ListPromptsRequest',
  'prompts/get': 'GetPromptRequest',
  'completion/complete': 'CompleteRequest',
  'logging/setLevel': 'SetLevelRequest',
  'subscriptions/listen': 'SubscriptionsListenRequest',
  'sampling/createMessage': 'CreateMessageRequest',
  'elicitation/create': 'ElicitRequest',
  'roots/list': 'ListRootsRequest',
  'tasks/get': 'GetTaskRequest',
  'tasks/result': 'GetTaskPayloadRequest',
  'tasks/cancel': 'CancelTaskRequest',
  'tasks/list': 'ListTasksRequest',
};

const RESULT_TYPES: Record<string, string> = {
  initialize: 'InitializeResult',
  'server/discover': 'DiscoverResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'completion/complete': 'CompleteResult',
  'subscriptions/listen': 'SubscriptionsListenResult',
  'sampling/createMessage': 'CreateMessageResult',
  'elicitation/create': 'ElicitResult',
  'roots/list': 'ListRootsResult',
  'tasks/get': 'GetTaskResult',
  'tasks/result': 'GetTaskPayloadResult',
  'tasks/cancel': 'CancelTaskResult',
  'tasks/list': 'ListTasksResult',
};

const NOTIFICATION_TYPES: Record<string, string> = {
  'notifications/initialized': 'InitializedNotification',
  'notifications/cancelled': 'CancelledNotification',
  'notifications/progress': 'ProgressNotification',
  'notifications/message': 'LoggingMessageNotification',
  'notifications/resources/updated': 'ResourceUpdatedNotification',
  'notifications/resources/list_changed': 'ResourceListChangedNotification',
  'notifications/tools/list_changed': 'ToolListChangedNotification',
  'notifications/prompts/list_changed': 'PromptListChangedNotification',
  'notifications/roots/list_changed': 'RootsListChangedNotification',
  'notifications/subscriptions/acknowledged': 'SubscriptionsAcknowledgedNotification',
  'notifications/elicitation/complete': 'ElicitationCompleteNotification',
  'notifications/tasks/status': 'TaskStatusNotification',
};

const ERROR_TYPES: Record<number, string> = {
  [-32020]: 'HeaderMismatchError',
  [-32021]: 'MissingRequiredClientCapabilityError',
  [-32022]: 'UnsupportedProtocolVersionError',
  [-32042]: 'URLElicitationRequiredError',
};

const own = (table: Record<string | number, string>, key: string | number | undefined): string | undefined =>
  key !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;

/**
 * The $defs type to check a message with. `known` (the file's $defs names) lets it prefer
 * the 2026 `<Result>Response` envelopes and fall back to generic types a file lacks; without
 * it, responses are checked by their result type alone. `direction` is accepted for symmetry
 * with validateMessage: a method's request and result types are the same in either direction.
 */
export function specTypeFor(message: unknown, method: string | undefined, _direction: Direction, known?: ReadonlySet<string>): SpecTarget | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return undefined;
  const m = message as Record<string, unknown>;
  const has = (name: string | undefined): name is string => name !== undefined && (known === undefined || known.has(name));
  const whole = (typeName: string): SpecTarget => ({ typeName, part: 'message' });

  if (typeof m.method === 'string') {
    if ('id' in m) {
      const type = own(REQUEST_TYPES, m.method);
      return whole(has(type) ? type : 'JSONRPCRequest');
    }
    const type = own(NOTIFICATION_TYPES, m.method);
    return whole(has(type) ? type : 'JSONRPCNotification');
  }
  if ('error' in m) {
    const code = typeof m.error === 'object' && m.error !== null ? (m.error as { code?: unknown }).code : undefined;
    const type = typeof code === 'number' ? own(ERROR_TYPES, code) : undefined;
    return whole(has(type) ? type : 'JSONRPCErrorResponse');
  }
  if ('result' in m) {
    const resultType = own(RESULT_TYPES, method);
    const interim = (m.result as { resultType?: unknown } | null)?.resultType === 'input_required';
    if (interim && has('InputRequiredResult')) return { typeName: 'InputRequiredResult', part: 'result' };
    // 2025-11-25: a task-augmented tools/call is answered with a CreateTaskResult ({ task }).
    const legacyTask = method === 'tools/call' && typeof (m.result as { task?: unknown } | null)?.task === 'object';
    if (legacyTask && has('CreateTaskResult')) return { typeName: 'CreateTaskResult', part: 'result' };
    // The 2026 envelopes of the MRTR methods type `result` as anyOf(InputRequiredResult,
    // <Result>), and InputRequiredResult requires only resultType, so through them any
    // result passes. Check those results by their own type instead.
    const mrtr = method !== undefined && INPUT_REQUIRED_METHODS.has(method);
    if (resultType && !mrtr && known?.has(`${resultType}Response`)) return whole(`${resultType}Response`);
    if (has(resultType)) return { typeName: resultType, part: 'result' };
    return whole('JSONRPCResultResponse');
  }
  return undefined;
}
