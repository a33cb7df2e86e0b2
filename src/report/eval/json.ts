/** The eval report as one JSON document, as is: the runner has already redacted secrets from it. */
import type { EvalComparison, EvalReport } from '../../eval/types.js';

export function renderEvalJson(report: EvalReport | EvalComparison): string {
  return JSON.stringify(report, null, 2) + '\n';
}
