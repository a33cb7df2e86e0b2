/**
 * Fuzzing one tool: its inputs searched (search.ts), each call judged (judge.ts), and each minimal
 * failure replayed on a fresh connection, to tell a reproducible failure from the after-effect of
 * an earlier call.
 */
import { createHash } from 'node:crypto';
import * as fc from 'fast-check';
import { isObject, type JsonObject } from '../protocol/jsonrpc.js';
import { expectationOf, inputArbitrary, type Expectation, type FuzzInput } from './inputs.js';
import { judgeCall, type Violation } from './judge.js';
import type { PropertyId } from './properties.js';
import type { Mutation } from './schema/invalid.js';
import { searchFailures } from './search.js';
import type { FuzzSession } from './session.js';

export interface ToolFuzzOptions {
  session: FuzzSession;
  tool: JsonObject;
  seed: number;
  runs: number;
  /** Epoch ms after which no call is made (the time budget). */
  deadline: number;
  timeoutMs: number;
  canaries: readonly string[];
  known?: readonly PropertyId[];
}

export interface FoundFailure {
  violation: Violation;
  args: JsonObject;
  mutation?: Mutation;
  shrinks: number;
  /** The minimal input failed again on a fresh connection. */
  reproduced: boolean;
}

export interface ToolTally {
  calls: number;
  valid: number;
  invalid: number;
  unknown: number;
}

export interface ToolOutcome extends ToolTally {
  failures: FoundFailure[];
  /** sha256 of the inputs the seed generates: the same seed gives the same inputs. */
  inputsDigest: string;
  /** The time budget ran out before all runs were made. */
  interrupted: boolean;
}

/** A tool's calls: its arguments classified by its schema, sent, judged. */
export class ToolCaller {
  readonly tally: ToolTally = { calls: 0, valid: 0, invalid: 0, unknown: 0 };
  private readonly expect: (args: JsonObject) => Expectation;

  constructor(private readonly options: Omit<ToolFuzzOptions, 'seed' | 'runs' | 'deadline'>) {
    this.expect = expectationOf(options.tool.inputSchema);
  }

  async judge(args: JsonObject): Promise<Violation | undefined> {
    const { session, tool, timeoutMs, canaries } = this.options;
    const expectation = this.expect(args);
    this.tally.calls++;
    this.tally[expectation.kind]++;
    const answer = await session.callTool(String(tool.name), args);
    const violation = judgeCall({ tool, args, expectation, answer, timeoutMs, canaries });
    return violation && { ...violation, pointer: violation.pointer ?? soleArgument(args) };
  }
}

export async function fuzzTool(options: ToolFuzzOptions): Promise<ToolOutcome> {
  const arbitrary = inputArbitrary(options.tool.inputSchema);
  const caller = new ToolCaller(options);
  const search = await searchFailures(arbitrary, (input) => caller.judge(input.args), options);
  const failures: FoundFailure[] = [];
  for (const { violation, value: input, shrinks } of search.found) {
    // Replayed on a fresh connection (a new process on stdio): does this input alone fail?
    await options.session.drop();
    const again = await caller.judge(input.args);
    failures.push({ violation, args: input.args, mutation: input.mutation, shrinks, reproduced: again?.property === violation.property });
  }
  return { ...caller.tally, failures, interrupted: search.interrupted, inputsDigest: inputsDigest(arbitrary, options.seed, options.runs) };
}

/** Inputs the digest covers at most: it identifies the sequence without generating a million inputs again. */
const DIGEST_INPUTS = 1000;

/** The digest of the first inputs of the seed, generated again without calling anything. */
export function inputsDigest(arbitrary: fc.Arbitrary<FuzzInput>, seed: number, runs: number): string {
  const hash = createHash('sha256');
  for (const input of fc.sample(arbitrary, { seed, numRuns: Math.min(runs, DIGEST_INPUTS) })) hash.update(JSON.stringify(input.args) + '\n');
  return hash.digest('hex');
}

/** The first inputs a seed generates for a schema (what `fuzz` sends first, before any shrinking). */
export function sampleInputs(inputSchema: unknown, seed: number, runs: number): FuzzInput[] {
  return fc.sample(inputArbitrary(inputSchema), { seed, numRuns: runs });
}

/** A minimal input with one argument points at it. */
function soleArgument(args: JsonObject): string | undefined {
  const keys = Object.keys(args);
  return keys.length === 1 && isObject(args) ? `/${keys[0]!.replace(/~/g, '~0').replace(/\//g, '~1')}` : undefined;
}
