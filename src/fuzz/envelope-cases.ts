/**
 * Hostile JSON-RPC messages for envelope fuzzing: a wrong-typed or missing `jsonrpc`, `id`,
 * `method` or `params`, a huge message (up to 1 MB) and a deeply nested one (up to 10,000
 * levels). A case is small data, so it can be shrunk, stored and described; the message text is
 * built from it.
 */
import * as fc from 'fast-check';
import type { JsonObject } from '../protocol/jsonrpc.js';

export type EnvelopeField = 'jsonrpc' | 'id' | 'method' | 'params';

export type EnvelopeCase =
  | { kind: 'wrong-type'; field: EnvelopeField; value: unknown }
  | { kind: 'missing'; field: 'jsonrpc' | 'method' }
  | { kind: 'huge'; bytes: number }
  | { kind: 'deep'; depth: number };

export const MAX_HUGE_BYTES = 1_048_576;
export const MAX_DEPTH = 10_000;

/** Values of the wrong type for each field (a string id and an object params are right). */
const WRONG: Record<EnvelopeField, unknown[]> = {
  jsonrpc: [2, '1.0', null, true, '', {}, []],
  id: [{}, [], true, null, 1.5, { id: 1 }, [1]],
  method: [1, null, {}, [], true, ''],
  params: ['text', 1, true, null, [1, 2]],
};

export function envelopeArbitrary(): fc.Arbitrary<EnvelopeCase> {
  const wrongType = (field: EnvelopeField) => fc.constantFrom(...WRONG[field]).map((value): EnvelopeCase => ({ kind: 'wrong-type', field, value }));
  return fc.oneof(
    wrongType('jsonrpc'),
    wrongType('id'),
    wrongType('method'),
    wrongType('params'),
    fc.constantFrom('jsonrpc', 'method').map((field): EnvelopeCase => ({ kind: 'missing', field })),
    fc.integer({ min: 1024, max: MAX_HUGE_BYTES }).map((bytes): EnvelopeCase => ({ kind: 'huge', bytes })),
    fc.integer({ min: 64, max: MAX_DEPTH }).map((depth): EnvelopeCase => ({ kind: 'deep', depth })),
  );
}

/**
 * The message text: a tools/list request (with `params` of the era, e.g. the modern `_meta`)
 * broken in one way. Huge and deep ones are built as text: no recursion, no big object graph.
 */
export function envelopeText(envelope: EnvelopeCase, id: string, params: JsonObject): string {
  const message: Record<string, unknown> = { jsonrpc: '2.0', id, method: 'tools/list', params };
  switch (envelope.kind) {
    case 'wrong-type':
      message[envelope.field] = envelope.value;
      return JSON.stringify(message);
    case 'missing':
      delete message[envelope.field];
      return JSON.stringify(message);
    case 'huge': {
      const base = JSON.stringify({ ...message, params: { ...params, padding: '' } });
      return base.replace('"padding":""', `"padding":"${'x'.repeat(Math.max(0, envelope.bytes - base.length))}"`);
    }
    case 'deep': {
      const base = JSON.stringify({ ...message, params: { ...params, nested: 0 } });
      return base.replace('"nested":0', `"nested":${'['.repeat(envelope.depth)}${']'.repeat(envelope.depth)}`);
    }
  }
}

/** The id the server can answer with, or undefined when the case breaks it. */
export function answerableId(envelope: EnvelopeCase, id: string): string | undefined {
  return envelope.kind === 'wrong-type' && envelope.field === 'id' ? undefined : id;
}

/**
 * Cases that are not a JSON-RPC request at all (a wrong or missing `jsonrpc` or `method`), which
 * a server must not execute. Huge and deep messages are valid; a wrong-typed `params` is invalid,
 * but servers commonly ignore params a method does not use, so a result to it is not held against them.
 */
export function isMalformed(envelope: EnvelopeCase): boolean {
  return (envelope.kind === 'wrong-type' || envelope.kind === 'missing') && (envelope.field === 'jsonrpc' || envelope.field === 'method');
}

export function describeEnvelope(envelope: EnvelopeCase): string {
  switch (envelope.kind) {
    case 'wrong-type':
      return `${envelope.field} set to ${JSON.stringify(envelope.value)}`;
    case 'missing':
      return `no ${envelope.field}`;
    case 'huge':
      return `${envelope.bytes} bytes in all`;
    case 'deep':
      return `params nested ${envelope.depth} levels deep`;
  }
}
