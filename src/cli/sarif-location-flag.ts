/** `--sarif-location <path>` of check, fuzz, lint and report merge: where SARIF results point. */
import { sarifLocationProblem } from '../report/sarif-location.js';
import { usageError } from './cli-error.js';

/** The path, checked before the run starts: a bad one would only show when GitHub rejects the upload. */
export function sarifLocationFlag(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const problem = sarifLocationProblem(value);
  if (problem) throw usageError(problem);
  return value;
}
