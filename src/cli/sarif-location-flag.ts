/** `--sarif-location <path>` of check, fuzz, lint and report merge: where SARIF results point. */
import { sarifLocationProblem } from '../report/sarif-location.js';
import { usageError } from './cli-error.js';

export const SARIF_LOCATION_HELP =
  'SARIF: the file, relative to the repository root, that results point at (e.g. src/server.ts; default: the stdio script, else a path naming the server)';

/** The path, checked before the run starts: a bad one would only show when GitHub rejects the upload. */
export function sarifLocationFlag(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const problem = sarifLocationProblem(value);
  if (problem) throw usageError(problem);
  return value;
}
