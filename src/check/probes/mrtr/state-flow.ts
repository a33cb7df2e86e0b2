/** Shared by the requestState security checks: finding a state worth attacking, and tampering with it. */
import type { CheckContext, NotJudged } from '../../types.js';
import { findInputRequired, type InputRequiredFound } from './input-required.js';

/**
 * An InputRequiredResult with a requestState from a request whose state plausibly guards
 * something: read-only tools are passed over, since their state may protect nothing.
 */
export async function findGuardingState(ctx: CheckContext): Promise<InputRequiredFound | NotJudged> {
  const found = await findInputRequired(ctx, { accept: (candidate) => typeof candidate.result.requestState === 'string' && !candidate.candidate.readOnly });
  if ('skip' in found) {
    return { ...found, skip: `${found.skip} (looking for a requestState from a request that is not a read-only tool)` };
  }
  return found;
}

/** The state with one character changed, near a third of its length (inside any payload, before any signature). */
export function tamper(state: string): { state: string; position: number } {
  const position = Math.floor(state.length / 3);
  const original = state[position] ?? '';
  const replacement = original === 'A' ? 'B' : 'A';
  return { state: state.slice(0, position) + replacement + state.slice(position + 1), position };
}
