/**
 * The search both fuzzers share: fast-check draws `runs` values from the seed and judges each; the
 * first failure is shrunk to a minimal value that fails the same property (a smaller value that
 * fails another property does not count as smaller). Up to MAX_ROUNDS rounds, each looking past
 * the properties already found broken, so one failure does not hide the others (a crash or a
 * hang ends the search: see LAST_WORD).
 */
import * as fc from 'fast-check';
import type { Violation } from './judge.js';
import type { PropertyId } from './properties.js';

const MAX_ROUNDS = 3;
/**
 * After these, no further round: every later input that hits the same bug costs a server start
 * or a timeout, and the crash is the one to fix first.
 */
const LAST_WORD: readonly PropertyId[] = ['server-alive', 'answers-in-time', 'envelope-survives'];
/** Judgements one shrink may make: each can cost a timeout or a server start. */
const MAX_SHRINK_CALLS = 300;

export interface SearchOptions {
  seed: number;
  runs: number;
  /** Epoch ms after which nothing more is judged (the time budget). */
  deadline: number;
  /** Properties already known broken (by the regression file): not searched for again. */
  known?: readonly PropertyId[];
}

export interface Found<T> {
  violation: Violation;
  value: T;
  shrinks: number;
}

class FoundViolation<T> extends Error {
  constructor(
    readonly violation: Violation,
    readonly value: T,
  ) {
    super(violation.message);
  }
}

export async function searchFailures<T>(
  arbitrary: fc.Arbitrary<T>,
  judge: (value: T) => Promise<Violation | undefined>,
  options: SearchOptions,
): Promise<{ found: Found<T>[]; interrupted: boolean }> {
  const found: Found<T>[] = [];
  const excluded = new Set<PropertyId>(options.known);
  let interrupted = false;
  for (let round = 0; round < MAX_ROUNDS && !interrupted; round++) {
    let locked: PropertyId | undefined;
    let shrinkCalls = 0;
    let inFlight: Promise<unknown> | undefined;
    // Past the deadline or the shrink bound every value "passes": fast-check ends at once, keeping the smallest failure so far.
    const property = fc.asyncProperty(arbitrary, async (value) => {
      if (Date.now() >= options.deadline) {
        interrupted = true;
        return true;
      }
      if (locked !== undefined && ++shrinkCalls > MAX_SHRINK_CALLS) return true;
      const judged = judge(value);
      inFlight = judged;
      const violation = await judged;
      if (!violation || excluded.has(violation.property) || (locked !== undefined && violation.property !== locked)) return true;
      locked = violation.property;
      throw new FoundViolation(violation, value);
    });
    // The interrupt ends generation at the deadline too (else fast-check draws every remaining run, each a no-op).
    const remaining = options.deadline - Date.now();
    const plugins = Number.isFinite(remaining) ? [fc.interruptAfterTimeLimit(Math.max(0, remaining))] : [];
    const details = await fc.check(property, { seed: options.seed + round, numRuns: options.runs, plugins });
    // An interrupted check may leave a call running: it ends before the next one starts.
    await inFlight?.catch(() => undefined);
    if (details.interrupted) interrupted = true;
    if (!details.failed || (details.interrupted && details.counterexample === null)) break;
    if (!(details.errorInstance instanceof FoundViolation)) throw details.errorInstance;
    const { violation, value } = details.errorInstance as FoundViolation<T>;
    excluded.add(violation.property);
    found.push({ violation, value, shrinks: details.numShrinks });
    if (LAST_WORD.includes(violation.property)) break;
  }
  return { found, interrupted };
}
