/**
 * A failure as every report shows it, from what the search found (or the regression file
 * replayed): the property's severity, the minimal input, what made it invalid, and the command
 * that reproduces it. The planted canary's env name is in the command only for a leak, which
 * needs it to show.
 */
import type { JsonObject } from '../protocol/jsonrpc.js';
import type { EraPreference } from '../protocol/versions.js';
import type { Target } from '../wire/target.js';
import { describeEnvelope, type EnvelopeCase } from './envelope-cases.js';
import type { Violation } from './judge.js';
import { PROPERTIES } from './properties.js';
import type { FuzzFailure } from './report.js';
import { callCommand, envelopeCommand } from './reproduce.js';
import { pointerOf, type Mutation } from './schema/invalid.js';

export interface RecordContext {
  /** The target as the user gave it. */
  target: Target;
  /** The target with the canary planted (stdio). */
  planted: Target;
  plantedNames: string[];
  era: EraPreference;
  timeoutMs: number;
}

export interface Found {
  violation: Violation;
  shrinks: number;
  reproduced: boolean;
  fromRegressionFile: boolean;
}

export function toolFailure(context: RecordContext, tool: string, args: JsonObject, found: Found & { mutation?: Mutation }): FuzzFailure {
  const target = found.violation.property === 'no-secrets' ? context.planted : context.target;
  return {
    ...common(found),
    tool,
    args,
    mutation: found.mutation ? `${found.mutation.kind} at ${pointerOf(found.mutation.path)}` : undefined,
    reproduce: callCommand(target, tool, args, { era: context.era, timeoutMs: context.timeoutMs, planted: context.plantedNames }),
  };
}

/** `params`: what a tools/list of the connection's era carries (envelope-fuzzer.ts). */
export function envelopeFailure(context: RecordContext, envelope: EnvelopeCase, params: JsonObject, found: Found): FuzzFailure {
  return { ...common(found), envelope, mutation: describeEnvelope(envelope), reproduce: envelopeCommand(context.target, envelope, params) };
}

function common(found: Found): Omit<FuzzFailure, 'reproduce'> {
  return {
    ...found.violation,
    severity: PROPERTIES[found.violation.property].severity,
    shrinks: found.shrinks,
    reproduced: found.reproduced,
    fromRegressionFile: found.fromRegressionFile,
  };
}
