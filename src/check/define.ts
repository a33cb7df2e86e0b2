/** Identity helper that gives a check module its type (like ESLint's rule objects). */
import type { CheckDefinition, Finding } from './types.js';

export function defineCheck(definition: CheckDefinition): CheckDefinition {
  return definition;
}

export const pass = (message: string, evidence?: Finding['evidence']): Finding => ({ status: 'pass', message, evidence });
/** A rule broken: the runner reports MUST rules as `fail` and SHOULD rules as `warn`. */
export const violation = (message: string, evidence?: Finding['evidence']): Finding => ({ status: 'fail', message, evidence });
export const skip = (message: string): Finding => ({ status: 'skip', message });
