/**
 * What a load run sends: one request from `call`'s flags, or a weighted mix from a YAML file.
 * A step is one flow: a list follows its cursors, and a request answered `input_required` is
 * retried with answers (MRTR) until it completes.
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { CALL_METHODS } from '../cli/call-command.js';
import { usageError } from '../cli/cli-error.js';
import { isObject, type JsonObject } from '../protocol/jsonrpc.js';
import { oneLine } from '../wire/control-chars.js';

export interface LoadStep {
  /** How the step's requests are reported: `tools/call get_note`, `tools/list`. */
  key: string;
  weight: number;
  method: string;
  params: JsonObject;
}

/** Methods a load step may send: `call`'s, minus the per-connection ones (the handshakes, logging/setLevel). */
const PER_CONNECTION = new Set(['initialize', 'logging/setLevel']);
export const LOAD_METHODS: readonly string[] = CALL_METHODS.filter((method) => !PER_CONNECTION.has(method));

const LIST_METHODS = new Set(['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']);
export const isListMethod = (method: string): boolean => LIST_METHODS.has(method);

/** The report key of a request: the tool, resource or prompt it names beside the method. */
export function keyOf(method: string, params: JsonObject): string {
  const name = method === 'resources/read' ? params.uri : method === 'tools/call' || method === 'prompts/get' ? params.name : undefined;
  return typeof name === 'string' ? `${method} ${name}` : method;
}

/** One step from a mix entry; `where` names it in errors ("mix.yaml entry 2"). */
export function stepOf(entry: unknown, where: string): LoadStep {
  if (!isObject(entry)) throw usageError(`${where} must be a mapping with a method, e.g. { method: tools/call, tool: get_note, arguments: { id: n1 } }`);
  const method = entry.method;
  if (typeof method !== 'string' || !LOAD_METHODS.includes(method)) {
    throw usageError(`${where}: method must be one of ${LOAD_METHODS.join(', ')}, not ${oneLine(JSON.stringify(method) ?? 'nothing')}`);
  }
  const weight = entry.weight ?? 1;
  if (typeof weight !== 'number' || !(weight > 0) || !Number.isFinite(weight)) throw usageError(`${where}: weight must be a number above 0`);
  const args = entry.arguments ?? {};
  if (!isObject(args)) throw usageError(`${where}: arguments must be a mapping`);
  const text = (field: string): string => {
    const value = entry[field];
    if (typeof value !== 'string' || value === '') throw usageError(`${where}: ${method} needs ${field}`);
    return value;
  };
  let params: JsonObject;
  switch (method) {
    case 'tools/call':
      params = { name: text('tool'), arguments: args };
      break;
    case 'resources/read':
      params = { uri: text('uri') };
      break;
    case 'prompts/get':
      params = { name: text('prompt'), arguments: args };
      break;
    case 'completion/complete':
      if (!isObject(entry.params)) throw usageError(`${where}: completion/complete needs params (ref and argument, as the spec gives them)`);
      params = entry.params;
      break;
    default:
      params = {};
  }
  return { key: keyOf(method, params), weight, method, params };
}

export function loadMix(file: string): LoadStep[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw usageError(`--mix ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let document: unknown;
  try {
    document = parseYaml(text, { maxAliasCount: 100 });
  } catch (error) {
    throw usageError(`--mix ${file}: not valid YAML: ${oneLine((error as Error).message.split('\n')[0] ?? '')}`);
  }
  const entries = isObject(document) && Array.isArray(document.steps) ? document.steps : document;
  if (!Array.isArray(entries) || entries.length === 0) throw usageError(`--mix ${file}: expected a list of steps (or steps: [...]), each with a method`);
  if (entries.length > 1000) throw usageError(`--mix ${file}: at most 1000 steps`);
  return entries.map((entry, index) => stepOf(entry, `--mix ${file} step ${index + 1}`));
}

/**
 * Picks steps by weight, smoothly and without chance (nginx's smooth weighted round-robin): weights
 * 3 and 1 give a, a, b, a, then again. Every run sends the same mix, and a short run sends each step.
 */
export function stepPicker(steps: LoadStep[]): () => LoadStep {
  const total = steps.reduce((sum, step) => sum + step.weight, 0);
  const current = steps.map(() => 0);
  return () => {
    let best = 0;
    for (let index = 0; index < steps.length; index++) {
      current[index]! += steps[index]!.weight;
      if (current[index]! > current[best]!) best = index;
    }
    current[best]! -= total;
    return steps[best]!;
  };
}
