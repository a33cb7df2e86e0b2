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

/** Recordings that could answer the same question (method and name), indexed so a request costs the same at any cassette size. */
interface Bucket {
  /** Every recording of the question, in recorded order (method mode). */
  all: Queue;
  /** By the canonical text of their stable parameters (params mode). */
  byParams: Map<string, Queue>;
  /** Recordings with a redacted value: they match by pattern, so they are tried one by one (few). */
  redacted: RecordedExchange[];
}

/** Recordings in recorded order; `next` is the first one that has not answered yet. */
interface Queue {
  items: RecordedExchange[];
  next: number;
}

export class Matcher {
  private readonly used = new Set<RecordedExchange>();
  private readonly buckets = new Map<string, Bucket>();
  private next = 0;

  constructor(
    private readonly recorded: RecordedExchange[],
    private readonly mode: MatchMode = 'params',
  ) {
    for (const exchange of recorded) {
      const request = exchange.request as JsonObject;
      const method = String(request.method);
      const params = isObject(request.params) ? request.params : undefined;
      const key = questionKey(method, nameOfRequest(method, params));
      let bucket = this.buckets.get(key);
      if (!bucket) this.buckets.set(key, (bucket = { all: { items: [], next: 0 }, byParams: new Map(), redacted: [] }));
      bucket.all.items.push(exchange);
      const stable = canonicalJson(stableParams(method, params));
      if (REDACTED_MARK.test(stable)) {
        bucket.redacted.push(exchange);
        continue;
      }
      let queue = bucket.byParams.get(stable);
      if (!queue) bucket.byParams.set(stable, (queue = { items: [], next: 0 }));
      queue.items.push(exchange);
    }
  }

  take(request: JsonObject): MatchResult {
    const method = String(request.method);
    const params = isObject(request.params) ? request.params : undefined;
    const name = nameOfRequest(method, params);
    const sameQuestion = (exchange: RecordedExchange) => {
      const recorded = exchange.request as JsonObject;
      return recorded.method === method && nameOfRequest(method, isObject(recorded.params) ? recorded.params : undefined) === name;
    };

    if (this.mode === 'sequence' || this.mode === 'strict') {
      const expected = this.recorded[this.next];
      if (!expected)
        return {
          missing: `the cassette has no request #${this.next + 1}: it recorded ${this.recorded.length} request(s) and all were answered (got ${describe(method, name)})`,
        };
      if (!sameQuestion(expected) || (this.mode === 'strict' && !paramsMatch(method, expected.request?.params, params))) {
        return { missing: `request #${this.next + 1} was recorded as ${describeExchange(expected)}, not ${describe(method, name, params)}` };
      }
      this.next++;
      return { exchange: expected };
    }

    const bucket = this.buckets.get(questionKey(method, name));
    const chosen = bucket && (this.mode === 'method' ? fromQueue(bucket.all) : this.byParams(bucket, method, params));
    if (chosen) return { exchange: chosen };
    return { missing: this.explainMiss(method, name, params, sameQuestion) };
  }

  /** The earliest recording with these parameters that has not answered yet, else the last one with them. */
  private byParams(bucket: Bucket, method: string, params: JsonObject | undefined): RecordedExchange | undefined {
    const queue = bucket.byParams.get(canonicalJson(stableParams(method, params)));
    const redacted = bucket.redacted.filter((exchange) => paramsMatch(method, exchange.request?.params, params));
    const freshRedacted = redacted.find((exchange) => !this.used.has(exchange));
    const freshExact = queue && queue.next < queue.items.length ? queue.items[queue.next] : undefined;
    if (freshExact && (!freshRedacted || freshExact.index < freshRedacted.index)) {
      (queue as Queue).next++;
      return freshExact;
    }
    if (freshRedacted) {
      this.used.add(freshRedacted);
      return freshRedacted;
    }
    const lastExact = queue?.items[queue.items.length - 1];
    const lastRedacted = redacted[redacted.length - 1];
    if (!lastExact || !lastRedacted) return lastExact ?? lastRedacted;
    return lastExact.index > lastRedacted.index ? lastExact : lastRedacted;
  }

  private explainMiss(method: string, name: string | undefined, params: JsonObject | undefined, sameQuestion: (exchange: RecordedExchange) => boolean): string {
    const wanted = describe(method, name, params);
    const near = this.recorded.filter(sameQuestion);
    if (near.length > 0)
      return `no recording of ${wanted}; the cassette has ${near.slice(0, 3).map(describeExchange).join(', ')}${near.length > 3 ? ', …' : ''}`;
    const sameMethod = this.recorded.filter((exchange) => exchange.request?.method === method);
    if (sameMethod.length > 0)
      return `no recording of ${wanted}; the cassette has ${method} only for ${[...new Set(sameMethod.map((exchange) => nameOfRequest(method, exchange.request?.params as JsonObject) ?? '(none)'))].join(', ')}`;
    const methods = [...new Set(this.recorded.map((exchange) => String(exchange.request?.method)))];
    return `no recording of ${wanted}; the cassette records ${methods.length ? methods.join(', ') : 'no requests'}`;
  }
}

/** Parameters without the fields that change from run to run. `initialize` describes the client, not the question. */
export function stableParams(method: string, params: unknown): unknown {
  if (!isObject(params) || method === 'initialize') return {};
  const out: JsonObject = { ...params };
  if (isObject(params._meta)) {
    // A loop, not entries/filter/fromEntries: it runs for every replayed request.
    const meta: JsonObject = {};
    let kept = false;
    for (const key in params._meta) {
      if (VOLATILE_META.test(key)) continue;
      meta[key] = params._meta[key];
      kept = true;
    }
    if (kept) out._meta = meta;
    else delete out._meta;
  }
  return out;
}

export function paramsMatch(method: string, recorded: unknown, incoming: unknown): boolean {
  return valuesMatch(stableParams(method, recorded), stableParams(method, incoming));
}

/** Deep equality where a recorded string with `[REDACTED:…]` in it matches whatever stood there. */
function valuesMatch(recorded: unknown, incoming: unknown): boolean {
  if (typeof recorded === 'string' && typeof incoming === 'string')
    return recorded === incoming || (REDACTED_MARK.test(recorded) && redactedPattern(recorded).test(incoming));
  if (Array.isArray(recorded))
    return Array.isArray(incoming) && recorded.length === incoming.length && recorded.every((item, i) => valuesMatch(item, incoming[i]));
  if (isObject(recorded)) {
    if (!isObject(incoming)) return false;
    const keys = Object.keys(recorded).filter((key) => recorded[key] !== undefined);
    const incomingKeys = Object.keys(incoming).filter((key) => incoming[key] !== undefined);
    return keys.length === incomingKeys.length && keys.every((key) => key in incoming && valuesMatch(recorded[key], incoming[key]));
  }
  return recorded === incoming;
}

function fromQueue(queue: Queue): RecordedExchange | undefined {
  if (queue.next < queue.items.length) return queue.items[queue.next++];
  return queue.items[queue.items.length - 1];
}

function questionKey(method: string, name: string | undefined): string {
  return JSON.stringify([method, name]);
}

/** JSON with object keys sorted and undefined members left out: equal texts exactly when valuesMatch holds without redaction. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) text += (i > 0 ? ',' : '') + canonicalJson(value[i]);
    return `${text}]`;
  }
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    let text = '{';
    for (const key of keys) {
      if (value[key] === undefined) continue;
      text += `${text.length > 1 ? ',' : ''}${JSON.stringify(key)}:${canonicalJson(value[key])}`;
    }
    return `${text}}`;
  }
  return JSON.stringify(value) ?? 'null';
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
