/**
 * What fuzz sends a tool: an arbitrary of argument objects from the tool's inputSchema, mostly
 * valid (with boundary values), the rest one targeted mutation away from valid. Each input is
 * then classified by the compiled schema itself, so the verdict never rests on a generator's
 * intent: a "valid" guess the schema rejects is judged as invalid, and the other way round.
 */
import * as fc from 'fast-check';
import { compileSchema } from '../protocol/json-schema.js';
import { isObject, type JsonObject } from '../protocol/jsonrpc.js';
import { applyMutation, mutationsOf, type Mutation } from './schema/invalid.js';
import { validValue } from './schema/valid.js';

export interface FuzzInput {
  args: JsonObject;
  /** Set when the arguments were made invalid on purpose. */
  mutation?: Mutation;
}

/** valid: the schema admits the arguments; invalid: it rejects them; unknown: it cannot say (it does not compile, or a pattern is not enforced). */
export type Expectation = { kind: 'valid' } | { kind: 'invalid'; problem: string; pointer: string } | { kind: 'unknown'; reason: string };

const OBJECT_SCHEMA = { type: 'object' };

export function inputArbitrary(inputSchema: unknown): fc.Arbitrary<FuzzInput> {
  const schema = isObject(inputSchema) ? inputSchema : OBJECT_SCHEMA;
  const valid = validValue(schema).map((value) => (isObject(value) ? value : {}));
  const mutations = mutationsOf(schema);
  const validInput = valid.map((args): FuzzInput => ({ args }));
  if (mutations.length === 0) return validInput;
  const invalidInput = fc.tuple(valid, fc.oneof(...mutations)).map(([args, mutation]): FuzzInput => ({ args: applyMutation(args, mutation), mutation }));
  return fc.oneof({ arbitrary: validInput, weight: 3 }, { arbitrary: invalidInput, weight: 2 });
}

/** Classifies arguments with the tool's compiled inputSchema (patterns on the linear-time engine). */
export function expectationOf(inputSchema: unknown): (args: JsonObject) => Expectation {
  const compiled = compileSchema(isObject(inputSchema) ? inputSchema : OBJECT_SCHEMA);
  if (!compiled.ok) return () => ({ kind: 'unknown', reason: `the inputSchema does not compile (${compiled.error})` });
  return (args) => {
    if (!compiled.validate(args)) {
      const error = compiled.validate.errors?.[0];
      // In JSON Schema 2020-12 `format` is an annotation unless a schema opts into assertion: a
      // server that does not enforce it breaks nothing, so such arguments are neither valid nor invalid.
      if (error?.keyword === 'format') return { kind: 'unknown', reason: `${error.instancePath || '/'} breaks only a format, which servers need not enforce` };
      const missing = error?.keyword === 'required' ? (error.params as { missingProperty?: string }).missingProperty : undefined;
      const extra = error?.keyword === 'additionalProperties' ? (error.params as { additionalProperty?: string }).additionalProperty : undefined;
      const leaf = missing ?? extra;
      const pointer = (error?.instancePath ?? '') + (leaf !== undefined ? '/' + leaf.replace(/~/g, '~0').replace(/\//g, '~1') : '');
      return { kind: 'invalid', pointer, problem: `${pointer || '/'} ${error?.message ?? 'is invalid'}` };
    }
    if (compiled.unenforced.length > 0) return { kind: 'unknown', reason: 'a pattern of the inputSchema cannot be checked in linear time' };
    return { kind: 'valid' };
  };
}
