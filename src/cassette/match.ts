/**
 * Which recording answers a request. By method first, then the tool name / resource URI / prompt
 * name, then the parameters with volatile fields removed (request ids, `_meta` protocol keys,
 * progress tokens, trace context). Each recording answers once, in recorded order; in the lenient
 * modes the last one then keeps answering, as a live server would answer a repeated question.
 */
import { nameOfRequest } from '../protocol/headers.js';
import { isObject, type JsonObject } from '../protocol/jsonrpc.js';
import type { RecordedExchange } from '../relay/cassette-exchanges.js';
import { REDACTED_MARK } from './redact.js';

export const MATCH_MODES = ['method', 'params', 'sequence', 'strict'] as const;
/**
 * - method: same method and name; arguments are not compared.
 * - params (default): same method, name and parameters (volatile fields ignored).
 * - sequence: requests must come in recorded order (same method and name); arguments not compared.
 * - strict: recorded order and equal parameters; nothing answers twice.
 */
export type MatchMode = (typeof MATCH_MODES)[number];

/** `_meta` keys that differ between runs and clients without changing the question. */
const VOLATILE_META = /^(?:io\.modelcontextprotocol\/.*|progressToken|traceparent|tracestate|baggage)$/;

export type MatchResult = { exchange: RecordedExchange } | { missing: string };

export class Matcher {
  private readonly used = new Set<RecordedExchange>();
  private next = 0;

  constructor(
    private readonly recorded: RecordedExchange[],
    private readonly mode: MatchMode = 'params',
  ) {}

  take(request: JsonObject): MatchResult {
    const method = String(request.method);
    const params = isObject(request.params) ? request.params : undefined;
    const name = nameOfRequest(method, params);
    const sameQuestion = (exchange: RecordedExchange) => {
      const recorded = exchange.request as JsonObject;
      return recorded.method === method && nameOfRequest(method, isObject(recorded.params) ? recorded.params : undefined) === name;
    };
    const sameParams = (exchange: RecordedExchange) => paramsMatch(method, exchange.request?.params, params);

    if (this.mode === 'sequence' || this.mode === 'strict') {
      const expected = this.recorded[this.next];
      if (!expected) return { missing: `the cassette has no request #${this.next + 1}: it recorded ${this.recorded.length} request(s) and all were answered (got ${describe(method, name)})` };
      if (!sameQuestion(expected) || (this.mode === 'strict' && !sameParams(expected))) {
        return { missing: `request #${this.next + 1} was recorded as ${describeExchange(expected)}, not ${describe(method, name, params)}` };
      }
      this.next++;
      return { exchange: expected };
    }

    const candidates = this.recorded.filter((exchange) => sameQuestion(exchange) && (this.mode === 'method' || sameParams(exchange)));
    const fresh = candidates.find((exchange) => !this.used.has(exchange));
    const chosen = fresh ?? candidates[candidates.length - 1];
    if (chosen) {
      this.used.add(chosen);
      return { exchange: chosen };
    }
    return { missing: this.explainMiss(method, name, params, sameQuestion) };
  }

  private explainMiss(method: string, name: string | undefined, params: JsonObject | undefined, sameQuestion: (exchange: RecordedExchange) => boolean): string {
    const wanted = describe(method, name, params);
    const near = this.recorded.filter(sameQuestion);
    if (near.length > 0) return `no recording of ${wanted}; the cassette has ${near.slice(0, 3).map(describeExchange).join(', ')}${near.length > 3 ? ', …' : ''}`;
    const sameMethod = this.recorded.filter((exchange) => exchange.request?.method === method);
    if (sameMethod.length > 0) return `no recording of ${wanted}; the cassette has ${method} only for ${[...new Set(sameMethod.map((exchange) => nameOfRequest(method, exchange.request?.params as JsonObject) ?? '(none)'))].join(', ')}`;
    const methods = [...new Set(this.recorded.map((exchange) => String(exchange.request?.method)))];
    return `no recording of ${wanted}; the cassette records ${methods.length ? methods.join(', ') : 'no requests'}`;
  }
}

/** Parameters without the fields that change from run to run. `initialize` describes the client, not the question. */
export function stableParams(method: string, params: unknown): unknown {
  if (!isObject(params) || method === 'initialize') return {};
  const out: JsonObject = { ...params };
  if (isObject(params._meta)) {
    const meta = Object.fromEntries(Object.entries(params._meta).filter(([key]) => !VOLATILE_META.test(key)));
    if (Object.keys(meta).length > 0) out._meta = meta;
    else delete out._meta;
  }
  return out;
}

export function paramsMatch(method: string, recorded: unknown, incoming: unknown): boolean {
  return valuesMatch(stableParams(method, recorded), stableParams(method, incoming));
}

/** Deep equality where a recorded string with `[REDACTED:…]` in it matches whatever stood there. */
function valuesMatch(recorded: unknown, incoming: unknown): boolean {
  if (typeof recorded === 'string' && typeof incoming === 'string') return recorded === incoming || (REDACTED_MARK.test(recorded) && redactedPattern(recorded).test(incoming));
  if (Array.isArray(recorded)) return Array.isArray(incoming) && recorded.length === incoming.length && recorded.every((item, i) => valuesMatch(item, incoming[i]));
  if (isObject(recorded)) {
    if (!isObject(incoming)) return false;
    const keys = Object.keys(recorded).filter((key) => recorded[key] !== undefined);
    const incomingKeys = Object.keys(incoming).filter((key) => incoming[key] !== undefined);
    return keys.length === incomingKeys.length && keys.every((key) => key in incoming && valuesMatch(recorded[key], incoming[key]));
  }
  return recorded === incoming;
}

function redactedPattern(recorded: string): RegExp {
  const parts = recorded.split(new RegExp(REDACTED_MARK.source, 'g'));
  return new RegExp(`^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*')}$`);
}

function describe(method: string, name: string | undefined, params?: JsonObject): string {
  const args = params && isObject(params.arguments) ? ` with arguments ${JSON.stringify(params.arguments)}` : '';
  return `${method}${name !== undefined ? ` "${name}"` : ''}${args}`;
}

function describeExchange(exchange: RecordedExchange): string {
  const request = exchange.request as JsonObject;
  const method = String(request.method);
  const params = isObject(request.params) ? request.params : undefined;
  return describe(method, nameOfRequest(method, params), params);
}
