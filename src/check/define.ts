/** Identity helper that gives a check module its type (like ESLint's rule objects). */
import type { CheckDefinition, Finding, FindingLocation, NotJudged } from './types.js';

/** A check as written: `eras` and `transports` default to both, so only a narrower check names them. */
export type CheckModule = Omit<CheckDefinition, 'eras' | 'transports'> & Partial<Pick<CheckDefinition, 'eras' | 'transports'>>;

export function defineCheck(definition: CheckModule): CheckDefinition {
  return { eras: ['modern', 'legacy'], transports: ['stdio', 'http'], ...definition };
}

export const pass = (message: string, evidence?: Finding['evidence']): Finding => ({ status: 'pass', message, evidence });
/**
 * A rule broken, with its stable code (types.ts, Finding): the runner reports MUST rules as
 * `fail` and SHOULD rules as `warn`.
 */
export const violation = (code: string, message: string, evidence?: Finding['evidence'], location?: FindingLocation): Finding => ({
  status: 'fail',
  code,
  message,
  evidence,
  location,
});
/** Does not apply here (capability not declared, other era or transport, nothing of the kind offered). */
export const skip = (message: string): Finding => ({ status: 'skip', message });
/** Applies, but could not be decided; the message says what would let it run (--calls, --allow-call, --replica). */
export const incomplete = (code: string, message: string): Finding => ({ status: 'incomplete', code, message });
/** A shared probe's "nothing to judge": `skip`, or `incomplete` when it carries a code. */
export const notJudged = (reason: NotJudged): Finding => (reason.incomplete ? incomplete(reason.incomplete, reason.skip) : skip(reason.skip));
