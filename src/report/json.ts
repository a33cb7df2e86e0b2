/** The whole RunReport as one JSON document (frames included, redacted), for machines. */
import type { RunReport } from '../check/types.js';
import { redactReport } from './redact.js';
import { countStatuses } from './summary.js';
import type { RenderOptions, Reporter } from './types.js';

export function renderJson(input: RunReport, options: RenderOptions): string {
  const report = redactReport(input, { secrets: options.secrets });
  // The summary is recounted from the results so the document never contradicts itself.
  return JSON.stringify({ ...report, summary: countStatuses(report.results) }, null, 2) + '\n';
}

const reporter: Reporter = { name: 'json', render: renderJson };
export default reporter;
